import Registration
import Widgets

/// The Sign in screen: login, password, the Sign in button with a message line, and the
/// link back to creating an account, bound to a `SignInViewModel`. The link goes to `send`.
public final class SignInScreen {
  public private(set) var root = VStack()
  public let loginField: TextField
  public let passwordField: SecureField
  public let submitButton: Button
  public let createLink: Link
  /// "Forgot your password?", when the session offers Reset password.
  public let forgotLink: Link?

  /// `sessionNotice` is a word about the session as a whole (closing for want of input),
  /// shown under the button before anything else.
  public init(
    viewModel: SignInViewModel, strings: Strings = .english,
    sessionNotice: @escaping () -> String? = { nil }, offersReset: Bool = false,
    send: @escaping (SessionEvent) -> Void = { _ in }
  ) {
    loginField = TextField(
      label: strings.loginLabel,
      text: Binding(get: { viewModel.login }, set: { viewModel.login = $0 })
    )
    .limit(to: .login, strings: strings)
    passwordField = SecureField(
      label: strings.passwordLabel,
      text: Binding(get: { viewModel.password }, set: { viewModel.password = $0 }), strings: strings
    ).limit(to: .password, strings: strings)
    submitButton = Button(strings.signInButton, isEnabled: { viewModel.canSubmit }) {}
    createLink = Link(strings.noAccount, title: strings.createOneLink) { send(.showSignUp) }
    forgotLink =
      offersReset ? Link(title: strings.forgotPasswordLink) { send(.showResetPassword) } : nil
    let submit = { _ = viewModel.signIn() }

    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
      Label(strings.signInTitle, alignment: .center, style: { $0.title })
      loginField
      passwordField
      submitArea(
        submitButton, busy: { viewModel.isSigningIn }, busyText: strings.signingIn,
        message: { sessionNotice() ?? viewModel.message }, submit: submit)
      if let forgotLink { forgotLink.aligned(.center) }
      createLink.aligned(.center)
    }
    // On the narrowest terminals the margins give way before the button is cut.
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.signInButton) ]")
    // Enter in the last field signs in once both are filled.
    passwordField.onSubmit = {
      guard viewModel.canSubmit else { return false }
      submit()
      return true
    }
  }
}
