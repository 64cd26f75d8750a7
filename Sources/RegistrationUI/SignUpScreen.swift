import Registration
import Widgets

/// The Sign up screen: title, the three fields with their requirement rows, the Sign up
/// button with a message line, and the Sign in link, bound to a `RegistrationViewModel`.
public final class SignUpScreen {
  public let root: VStack
  public let loginField: TextField
  public let passwordField: SecureField
  public let confirmationField: SecureField
  public let submitButton: Button
  public let signInLink: Link
  private let viewModel: RegistrationViewModel
  private let fieldViews: [RegistrationField: TextField]

  /// Called when the user follows the Sign in link.
  public var onSignIn: () -> Void = {}
  /// Called when the user follows "Sign in instead?" under a taken login.
  public var onSignInInstead: () -> Void = {}
  /// Called to move the keyboard focus (to the first field with an unmet requirement).
  public var onFocusRequest: (View) -> Void = { _ in }
  /// A word about the session as a whole (closing for want of input), shown under the
  /// button before anything else.
  public var sessionNotice: () -> String? = { nil }

  /// The widest the form is laid out: 45-column fields and a margin of 2 on each side, or
  /// wider if a language's texts need it (every text a requirement row may show, with its
  /// icon, `[x]` without UTF-8; a label with the reveal toggle, and the password's with
  /// the strength meter).
  public static func width(
    for requirements: [Requirement], strings: Strings, glyphs: Theme.Glyphs = .unicode
  ) -> Int {
    let icon = [glyphs.met, glyphs.unmet, glyphs.pending].map(TextWidth.columns).max()! + 1
    let rows = requirements.flatMap(\.texts).map { TextWidth.columns(of: $0) + icon }
    let toggle = TextWidth.columns(of: "[\(strings.show)]")
    let meter = strengthMeter(nil, strings: strings).columns
    let labels =
      [strings.passwordLabel, strings.confirmationLabel].map {
        TextWidth.columns(of: $0) + 1 + toggle
      } + [TextWidth.columns(of: strings.passwordLabel) + 2 + meter + 2 + toggle]
    let lines = [
      strings.signUpTitle, strings.haveAccount + " " + strings.signInLink,
      strings.loginTakenMeanwhile, "[ \(strings.signUpButton) ]",
      // Under the button over SSH: the limits of a public door.
      strings.addressLimitReached(3), strings.idleWarning(60), strings.idleWarning(30),
    ].map { TextWidth.columns(of: $0) }
    return max(45, (rows + labels + lines).max() ?? 0) + 4
  }

  public init(viewModel: RegistrationViewModel, strings: Strings = .english) {
    self.viewModel = viewModel
    loginField = TextField(label: strings.loginLabel, text: Binding(viewModel, \.login))
    passwordField = SecureField(
      label: strings.passwordLabel, text: Binding(viewModel, \.password), strings: strings)
    confirmationField = SecureField(
      label: strings.confirmationLabel, text: Binding(viewModel, \.confirmation), strings: strings)
    // On the label row: a row of its own would not leave 24 lines for the whole form.
    if viewModel.estimatesStrength {
      passwordField.meter = Self.strengthMeter(viewModel, strings: strings)
    }
    fieldViews = [.login: loginField, .password: passwordField, .confirmation: confirmationField]
    for (field, view) in fieldViews { view.limit(to: .of(field), strings: strings) }
    submitButton = Button(strings.signUpButton, isEnabled: { viewModel.canSubmit }, action: {})
    signInLink = Link(strings.haveAccount, title: strings.signInLink, action: {})

    // No margin above the title: with "Hard to guess" the form needs every one of 24 rows.
    root = VStack(spacing: 1, padding: VStack.Insets(top: 0, left: 2, right: 2))
    // On the narrowest terminals the margins give way before the button is cut.
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.signUpButton) ]")
    root.add(Label(strings.signUpTitle, alignment: .center, style: { $0.title }))
    for field in RegistrationField.allCases {
      let group = VStack()
      let fieldView = fieldViews[field]!
      fieldView.showsError = { viewModel.showsError(for: field) }
      group.add(fieldView)
      for status in viewModel.requirements(for: field) {
        let row = Self.row(for: status, field: field, viewModel: viewModel, strings: strings)
        if case .loginIsFree = status.requirement.check {
          row.offer = RequirementRow.Offer(
            title: { viewModel.canSignInInstead ? strings.signInInstead : nil },
            action: { [unowned self] in onSignInInstead() })
        }
        group.add(row)
      }
      root.add(group)
    }
    // A refused login is explained under the button: dimmed while it is being typed, an
    // error once the user has left the field or tried to sign up.
    let area = submitArea(
      submitButton, busy: { viewModel.isCreating || viewModel.isWaitingToSubmit },
      busyText: viewModel.isCreating
        ? strings.creatingAccount : (Self.checkingText(of: viewModel) ?? "") + "…",
      message: { [unowned self] in
        sessionNotice() ?? viewModel.message ?? viewModel.addressLimitNotice
          ?? viewModel.loginProblem.map(strings.loginProblem)
      },
      isHint: { [unowned self] in
        sessionNotice() == nil && viewModel.message == nil && viewModel.addressLimitNotice == nil
          && !viewModel.showsError(for: .login)
      },
      submit: { [unowned self] in submit() })
    // Right under the message line, with no blank row: 24 rows hold the whole form.
    area.add(signInLink, alignment: .center)
    root.add(area)

    signInLink.action = { [unowned self] in onSignIn() }
    // Enter in the last field signs up when everything is met (or still being checked).
    confirmationField.onSubmit = { [unowned self] in
      guard viewModel.isReadyToSubmit else { return false }
      submit()
      return true
    }
    viewModel.onSubmissionRejected = { [unowned self] field in onFocusRequest(view(for: field)) }
  }

  private static func row(
    for status: RequirementStatus, field: RegistrationField, viewModel: RegistrationViewModel,
    strings: Strings
  ) -> RequirementRow {
    let isLookup = if case .loginIsFree = status.requirement.check { true } else { false }
    return RequirementRow(
      { status.displayText },
      state: {
        switch status.state {
        case .met: .met
        case .checking: .pending
        // The store's answer that says why ("This login is taken.") is an error at once;
        // the password policy's reason speaks for itself while the password is typed.
        case .unmet:
          viewModel.showsError(for: field) || (isLookup && status.note != nil)
            ? .failed : .unmet
        }
      })
  }

  /// `Strength ▰▰▰▱ good` after the password's label: four cells whatever the password.
  private static func strengthMeter(_ viewModel: RegistrationViewModel?, strings: Strings) -> Meter
  {
    Meter(
      label: strings.strengthLabel, cells: 4, words: PasswordStrength.allCases.map(strings.strength)
    ) {
      viewModel?.strength.map { strength in
        Meter.Reading(
          level: strength.rawValue, word: strings.strength(strength),
          tone: strength <= .weak ? .low : strength == .fair ? .middle : .high)
      }
    }
  }

  /// What a submission waits for: the first check still under way, in the row's words.
  private static func checkingText(of viewModel: RegistrationViewModel) -> String? {
    viewModel.requirements.first { $0.state == .checking }?.requirement.checkingText
  }

  /// The form field a view is, if it is one.
  public func field(of view: View) -> RegistrationField? {
    fieldViews.first { $0.value === view }?.key
  }

  public func view(for field: RegistrationField) -> TextField { fieldViews[field]! }

  private func submit() {
    if case .rejected(let field) = viewModel.submit() {
      onFocusRequest(view(for: field))
    }
  }
}
