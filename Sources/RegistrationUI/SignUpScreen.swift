import Registration
import Widgets

/// The Sign up screen: title, the three fields with their requirement rows, the Sign up
/// button with a message line, and the Sign in link, bound to a `RegistrationViewModel`.
public final class SignUpScreen {
  public private(set) var root = VStack()
  public let loginField: TextField
  public let passwordField: SecureField
  public let confirmationField: SecureField
  public let submitButton: Button
  public let signInLink: Link
  private let viewModel: RegistrationViewModel

  /// Called when the user follows the Sign in link.
  public var onSignIn: () -> Void = {}
  /// Called when the user follows "Sign in instead?" under a taken login.
  public var onSignInInstead: () -> Void = {}
  /// Called to move the keyboard focus (to the first field with an unmet requirement).
  public var onFocusRequest: (View) -> Void = { _ in }
  /// A word about the session as a whole (closing for want of input), shown under the
  /// button before anything else.
  public var sessionNotice: () -> String? = { nil }

  public init(viewModel: RegistrationViewModel, strings: Strings = .english) {
    self.viewModel = viewModel
    loginField = TextField(label: strings.loginLabel, text: Binding(viewModel, \.login))
      .limit(to: .of(.login), strings: strings)
    passwordField = SecureField(
      label: strings.passwordLabel, text: Binding(viewModel, \.password), strings: strings
    ).limit(to: .of(.password), strings: strings)
    confirmationField = SecureField(
      label: strings.confirmationLabel, text: Binding(viewModel, \.confirmation), strings: strings
    ).limit(to: .of(.confirmation), strings: strings)
    // On the label row: a row of its own would not leave 24 lines for the whole form.
    if viewModel.estimatesStrength { passwordField.meter = .strength(of: viewModel, strings) }
    submitButton = Button(strings.signUpButton, isEnabled: { viewModel.canSubmit }) {}
    signInLink = Link(strings.haveAccount, title: strings.signInLink) {}

    // No margin above the title: with "Hard to guess" the form needs every one of 24 rows.
    root = VStack(spacing: 1, padding: VStack.Insets(left: 2, right: 2)) {
      Label(strings.signUpTitle, alignment: .center, style: { $0.title })
      for field in RegistrationField.allCases {
        VStack {
          view(for: field).with { $0.showsError = { viewModel.showsError(for: field) } }
          for status in viewModel.requirements(for: field) {
            RequirementRow(
              status, showsError: { viewModel.showsError(for: field) },
              offer: RequirementRow.Offer(
                title: { viewModel.canSignInInstead ? strings.signInInstead : nil },
                action: { [unowned self] in onSignInInstead() }))
          }
        }
      }
      // Under the button, what went wrong; right under that, with no blank row, the link:
      // 24 rows hold the whole form.
      VStack {
        submitArea(
          submitButton, busy: { viewModel.isCreating || viewModel.isWaitingToSubmit },
          busyText: viewModel.isCreating ? strings.creatingAccount : viewModel.checkingText + "…",
          message: { [unowned self] in sessionNotice() ?? viewModel.notice(strings) },
          isHint: { [unowned self] in sessionNotice() == nil && viewModel.noticeIsHint },
          fitting: strings.longestSignUpNotices,
          submit: { [unowned self] in submit() })
        signInLink.aligned(.center).with { $0.action = { [unowned self] in onSignIn() } }
      }
    }
    // On the narrowest terminals the margins give way before the button is cut.
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.signUpButton) ]")
    // Enter in the last field signs up when everything is met (or still being checked).
    confirmationField.onSubmit = { [unowned self] in
      guard viewModel.isReadyToSubmit else { return false }
      submit()
      return true
    }
    viewModel.onSubmissionRejected = { [unowned self] field in onFocusRequest(view(for: field)) }
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

  private func submit() {
    if case .rejected(let field) = viewModel.submit() { onFocusRequest(view(for: field)) }
  }
}
