import Registration
import Widgets

/// The Sign up screen: title, the three fields with their requirement rows, the Sign up
/// button with a message line, and the Sign in link, bound to a `RegistrationViewModel`.
/// What the person does that is not typing goes to `send`.
public final class SignUpScreen {
  public private(set) var root = VStack()
  public let loginField: TextField
  public let passwordField: SecureField
  public let confirmationField: SecureField
  public let submitButton: Button
  public let signInLink: Link
  /// The site's questions, after Confirm password.
  public let questionViews: SignUpQuestionViews

  /// `sessionNotice` is a word about the session as a whole (closing for want of input),
  /// shown under the button before anything else.
  public init(
    viewModel: RegistrationViewModel, strings: Strings = .english,
    sessionNotice: @escaping () -> String? = { nil },
    send: @escaping (SessionEvent) -> Void = { _ in }
  ) {
    loginField = TextField(
      label: strings.loginLabel,
      text: Binding(get: { viewModel.login }, set: { viewModel.login = $0 })
    )
    .limit(to: .of(.login), strings: strings)
    passwordField = SecureField(
      label: strings.passwordLabel,
      text: Binding(get: { viewModel.password }, set: { viewModel.password = $0 }), strings: strings
    ).limit(to: .of(.password), strings: strings)
    confirmationField = SecureField(
      label: strings.confirmationLabel,
      text: Binding(get: { viewModel.confirmation }, set: { viewModel.confirmation = $0 }),
      strings: strings
    ).limit(to: .of(.confirmation), strings: strings)
    // On the label row: a row of its own would not leave 24 lines for the whole form.
    if viewModel.estimatesStrength {
      passwordField.meter = .strength({ viewModel.strength }, strings: strings)
    }
    submitButton = Button(strings.signUpButton, isEnabled: { viewModel.canSubmit }) {}
    signInLink = Link(strings.haveAccount, title: strings.signInLink) { send(.showSignIn) }
    let submit = { _ = viewModel.submit() }
    questionViews = SignUpQuestionViews(viewModel)

    // No margin above the title: with "Hard to guess" the form needs every one of 24 rows.
    let title = Label(strings.signUpTitle, alignment: .center, style: { $0.title })
    // The key field's one row (with no questions) goes right above the button, and the
    // title right on Login: two blank rows fewer, so that 24 rows still hold the form.
    let keyAboveButton = viewModel.key != nil && questionViews.groups.isEmpty
    let message = { sessionNotice() ?? viewModel.notice }
    let busy = { viewModel.isCreating || viewModel.isWaitingToSubmit }
    root = VStack(padding: VStack.Insets(left: 2, right: 2)) {
      VStack(spacing: 1) {
        if !keyAboveButton { title }
        for field in viewModel.fields {
          VStack {
            if keyAboveButton && field == .login { title }
            view(for: field).with { $0.showsError = { viewModel.showsError(for: field) } }
            for status in viewModel.requirements(for: field) {
              RequirementRow(
                status, strings: strings, showsError: { viewModel.showsError(for: field) },
                offer: { _ in send(.signInInstead) })
            }
          }
        }
        if let key = viewModel.key, !keyAboveButton { Self.keyRows(key, strings: strings) }
        questionViews.groups
      }
      // The blank row above the button, unless the message under it needs two rows.
      GivingWayRow(to: { busy() ? "" : message() ?? "" })
      // Under the button, what went wrong; right under that, with no blank row, the link:
      // 24 rows hold the whole form, and a message of two rows (a store unavailable over
      // SSH, with the site's contact), read whole rather than cut.
      VStack {
        if let key = viewModel.key, keyAboveButton { Self.keyRows(key, strings: strings) }
        submitArea(
          submitButton, busy: busy,
          busyText: viewModel.isCreating
            ? (viewModel.storeIsSlow ? strings.storeBrieflyAway : strings.creatingAccount)
            : viewModel.checkingText + "…",
          message: message,
          isHint: { sessionNotice() == nil && viewModel.noticeIsHint },
          fitting: Self.longestNotices(strings), wraps: true, submit: { submit() })
        signInLink.aligned(.center)
      }
    }
    // On the narrowest terminals the margins give way before the button is cut.
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.signUpButton) ]")
    // Enter in the last field signs up when everything is met (or still being checked).
    confirmationField.onSubmit = {
      guard viewModel.isReadyToSubmit else { return false }
      submit()
      return true
    }
  }

  /// The form field a view is, if it is one.
  public func field(of view: View) -> RegistrationField? {
    RegistrationField.allCases.first { self.view(for: $0) === view }
  }

  public func view(for field: RegistrationField) -> TextField {
    switch field {
    case .login: loginField
    case .password: passwordField
    case .confirmation: confirmationField
    }
  }

  /// The longest lines Sign up may show under its button (the limits of a public door over
  /// SSH among them): the form is made wide enough for them.
  static func longestNotices(_ strings: Strings) -> [String] {
    [
      strings.loginTakenMeanwhile, strings.addressLimitReached(3), strings.idleWarning(60),
      strings.idleWarning(30),
    ]
  }
}
