import Registration
import Widgets

/// The Sign in screen: login, password, the Sign in button with a message line, and the
/// link back to creating an account, bound to a `SignInViewModel`.
public final class SignInScreen {
  public private(set) var root = VStack()
  public let loginField: TextField
  public let passwordField: SecureField
  public let submitButton: Button
  public let createLink: Link
  private let viewModel: SignInViewModel

  /// Called when the user follows the Create one link.
  public var onCreateAccount: () -> Void = {}
  /// Called to move the keyboard focus (to an empty field).
  public var onFocusRequest: (View) -> Void = { _ in }
  /// A word about the session as a whole (closing for want of input), shown under the
  /// button before anything else.
  public var sessionNotice: () -> String? = { nil }

  public init(viewModel: SignInViewModel, strings: Strings = .english) {
    self.viewModel = viewModel
    loginField = TextField(label: strings.loginLabel, text: Binding(viewModel, \.login))
      .limit(to: .login, strings: strings)
    passwordField = SecureField(
      label: strings.passwordLabel, text: Binding(viewModel, \.password), strings: strings
    ).limit(to: .password, strings: strings)
    submitButton = Button(strings.signInButton, isEnabled: { viewModel.canSubmit }) {}
    createLink = Link(strings.noAccount, title: strings.createOneLink) {}

    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
      Label(strings.signInTitle, alignment: .center, style: { $0.title })
      loginField
      passwordField
      submitArea(
        submitButton, busy: { viewModel.isSigningIn }, busyText: strings.signingIn,
        message: { [unowned self] in sessionNotice() ?? viewModel.message },
        submit: { [unowned self] in submit() })
      createLink.aligned(.center).with { $0.action = { [unowned self] in onCreateAccount() } }
    }
    // On the narrowest terminals the margins give way before the button is cut.
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.signInButton) ]")
    // Enter in the last field signs in once both are filled.
    passwordField.onSubmit = { [unowned self] in
      guard viewModel.canSubmit else { return false }
      submit()
      return true
    }
    viewModel.onRefused = { [unowned self] in onFocusRequest(passwordField) }
  }

  private func submit() {
    if case .rejected(let field) = viewModel.signIn() {
      onFocusRequest(field == .login ? loginField : passwordField)
    }
  }
}
