import Registration
import Widgets

/// The full-screen front end for signing up and signing in: the two screens on one
/// application, switched by a router, until the person signs up, signs in or leaves.
///
/// Everything that happens (on the screens, in the view models, from the terminal) arrives
/// as one `SessionEvent`; `SessionFlow` decides the step, and the app performs it.
public final class RegistrationApp {
  /// How the session ended.
  public typealias Outcome = SessionOutcome

  /// The screen a session starts on.
  public enum Start {
    case signUp, signIn

    var route: Route { self == .signUp ? .signUp : .signIn }
  }

  public let application: Application
  public let router: Router
  public let signUp: SignUpScreen
  public let signIn: SignInScreen
  /// Reset password, behind Sign in's "Forgot your password?"; nil: not offered.
  public let resetPassword: ResetPasswordScreen?
  /// Ends the session when nobody types (`--idle-timeout`); nil: never.
  public let idleTimeout: IdleTimeout?
  public private(set) var outcome: Outcome?
  private var flow: SessionFlow
  private let signUpModel: RegistrationViewModel
  private let signInModel: SignInViewModel
  private let resetModel: ResetPasswordViewModel?
  /// The view that had focus on each screen when it was left, to give it back.
  private var lastFocus: [Route: View] = [:]

  public init(
    application: Application, signUpModel: RegistrationViewModel, signInModel: SignInViewModel,
    resetModel: ResetPasswordViewModel? = nil, start: Start = .signUp,
    strings: Strings = .english, idleTimeout: IdleTimeout? = nil
  ) {
    self.application = application
    self.signUpModel = signUpModel
    self.signInModel = signInModel
    self.resetModel = resetModel
    self.idleTimeout = idleTimeout
    flow = SessionFlow(screen: start.route)
    var screens: [Route: any ScreenModel] = [.signUp: signUpModel, .signIn: signInModel]
    screens[.resetPassword] = resetModel
    router = Router(screens: screens)
    // Every event comes back here, once `self` exists.
    var send: (SessionEvent) -> Void = { _ in }
    let notice = { idleTimeout?.notice }
    signUp = SignUpScreen(
      viewModel: signUpModel, strings: strings, sessionNotice: notice, send: { send($0) })
    signIn = SignInScreen(
      viewModel: signInModel, strings: strings, sessionNotice: notice,
      offersReset: resetModel != nil, send: { send($0) })
    resetPassword = resetModel.map {
      ResetPasswordScreen(viewModel: $0, strings: strings, sessionNotice: notice)
    }
    // As wide as Sign up or Sign in needs (45-column fields at least), so nothing is cut.
    // Reset password, behind a link, lays itself out in that width (its meter gives way
    // first): opening the door to it must not move the form everyone sees.
    application.contentWidth = max(
      45 + 4,
      [signUp.root, signIn.root].map { $0.idealWidth(for: application.theme) }.max() ?? 0)
    application.tooSmallNotice = { strings.terminalTooSmall($0.width, $0.height) }
    send = { [unowned self] in self.send($0) }
    signUpModel.events.listen { send(.signUp($0)) }
    signInModel.events.listen { send(.signIn($0)) }
    resetModel?.events.listen { send(.resetPassword($0)) }
    application.onFocusLeave = { [unowned self] view in
      if let field = signUp.field(of: view) { signUpModel.leave(field) }
      signUp.questionViews.leave(view)
      if let field = resetPassword?.field(of: view) { resetModel?.leave(field) }
    }
    application.sendSessionEvents(idleTimeout: idleTimeout, to: send)
    show(start.route)
  }

  /// Shows `route`'s screen, with focus where it was when the person left it.
  public func go(to route: Route) {
    guard route == .signIn || route == .signUp else { return }
    var step = flow.handle(route == .signIn ? .showSignIn : .showSignUp, busy: isBusy)
    step.screen = route
    perform(step)
  }

  /// Runs until the session ends; the caller restores the terminal and reports.
  public func run() -> Outcome {
    application.runSession(router: router) { outcome }
  }

  private var isBusy: Bool {
    signUpModel.isCreating || signInModel.isSigningIn || resetModel?.isResetting == true
  }

  private func send(_ event: SessionEvent) {
    perform(flow.handle(event, busy: isBusy))
  }

  private func perform(_ step: SessionFlow.Step) {
    if step.carriesLogin { signInModel.login = signUpModel.login }
    // Forgot the password: the login typed on Sign in comes along, if none was typed yet.
    if step.screen == .resetPassword, let resetModel, resetModel.login.isEmpty {
      resetModel.login = signInModel.login
    }
    if let route = step.screen { show(route) }
    if let focus = step.focus { application.focus(view(for: focus)) }
    if let exit = step.exit {
      idleTimeout?.stop()
      outcome = exit
      application.stop()
    }
  }

  private func show(_ route: Route) {
    if let current = router.current { lastFocus[current] = application.focused }
    let (root, firstField): (View, View) =
      if route == .resetPassword, let resetPassword {
        (resetPassword.root, resetPassword.fields[.login]!)
      } else if route == .signIn {
        (signIn.root, signIn.loginField)
      } else {
        (signUp.root, signUp.loginField)
      }
    router.show(route)
    application.show(root, focus: lastFocus[route] ?? firstField)
  }

  private func view(for focus: SessionFocus) -> View {
    switch focus {
    case .signUp(let field): signUp.view(for: field)
    case .signUpQuestion(let name): signUp.questionViews.view(named: name) ?? signUp.loginField
    case .signIn(let field): field == .login ? signIn.loginField : signIn.passwordField
    case .changePassword: application.focused ?? signUp.loginField
    case .resetPassword(let field): resetPassword?.fields[field] ?? signUp.loginField
    }
  }
}
