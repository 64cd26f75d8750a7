import Registration
import Widgets

/// The full-screen front end: the Sign up and Sign in screens on one application, switched
/// by a router, until the user signs up, signs in or leaves; or the Change password screen
/// alone, until the password is changed or the user leaves.
public final class RegistrationApp {
  /// How the session ended.
  public typealias Outcome = SessionOutcome

  /// The screen a session starts on. Only a session started on Change password has that
  /// screen, so its model comes with it.
  public enum Start {
    case signUp, signIn
    case changePassword(ChangePasswordViewModel)

    var route: Route {
      switch self {
      case .signUp: .signUp
      case .signIn: .signIn
      case .changePassword: .changePassword
      }
    }
  }

  public let application: Application
  public let router: Router
  public let signUp: SignUpScreen
  public let signIn: SignInScreen
  /// With `--change-password`: the Change password screen.
  public let changePassword: ChangePasswordScreen?
  public private(set) var outcome: Outcome?
  /// The view that had focus on each screen when it was left, to give it back.
  private var lastFocus: [Route: View] = [:]
  /// How to end if the account being created (or the password being checked) does not
  /// come through: leaving meanwhile waits for the answer, so that what is reported is
  /// what happened.
  private var leaving: Outcome?
  private let isBusy: () -> Bool
  /// Ends the session when nobody types (`--idle-timeout`); nil: never.
  public let idleTimeout: IdleTimeout?
  /// The application's input count when the idle timeout last started again.
  private var inputSeen = 0

  public init(
    application: Application, signUpModel: RegistrationViewModel, signInModel: SignInViewModel,
    start: Start = .signUp, strings: Strings = .english, idleTimeout: IdleTimeout? = nil
  ) {
    self.idleTimeout = idleTimeout
    self.application = application
    let changePasswordModel: ChangePasswordViewModel? =
      if case .changePassword(let model) = start { model } else { nil }
    let screens: [Route: (any ScreenModel)?] = [
      .signUp: signUpModel, .signIn: signInModel, .changePassword: changePasswordModel,
    ]
    router = Router(screens: screens.compactMapValues { $0 })
    signUp = SignUpScreen(viewModel: signUpModel, strings: strings)
    signIn = SignInScreen(viewModel: signInModel, strings: strings)
    changePassword = changePasswordModel.map {
      ChangePasswordScreen(viewModel: $0, strings: strings)
    }
    // As wide as the widest screen needs (45-column fields at least), so nothing is cut.
    application.contentWidth = max(
      45 + 4,
      [signUp.root, signIn.root, changePassword?.root].compactMap { $0 }
        .map { $0.idealWidth(for: application.theme) }.max() ?? 0)
    application.tooSmallNotice = { strings.terminalTooSmall($0.width, $0.height) }

    isBusy = {
      signUpModel.isCreating || signInModel.isSigningIn || changePasswordModel?.isChanging == true
    }
    application.onCancel = { [unowned self] in
      // On Sign in, Esc goes back; not while a password is checked (the answer decides).
      if router.current == .signIn {
        if !isBusy() { go(to: .signUp) }
      } else {
        leave(.cancelled)
      }
    }
    application.onInterrupt = { [unowned self] in
      // A second Ctrl-C (or one after a signal) does not wait.
      if isEnding { finish(.interrupted) } else { leave(.interrupted) }
    }
    // SIGTERM, SIGHUP, SIGQUIT: like Ctrl-C, they wait for an account being written.
    application.onTerminate = { [unowned self] signal in
      if isEnding {
        finish(.terminated(signal: signal))
      } else {
        leave(.terminated(signal: signal))
      }
    }
    // The terminal gone (it hung up: SIGHUP comes too) waits for the answer as well.
    application.onEndOfInput = { [unowned self] in
      if leaving == nil { leave(.inputClosed) }
    }
    application.onFocusLeave = { [unowned self] view in
      if let field = signUp.field(of: view) { signUpModel.leave(field) }
      if let field = changePassword?.field(of: view) { changePasswordModel?.leave(field) }
    }
    signUp.onSignIn = { [unowned self] in go(to: .signIn) }
    // The login typed is the account's: it comes along, and the password is next.
    signUp.onSignInInstead = { [unowned self] in
      signInModel.login = signUpModel.login
      go(to: .signIn)
      application.focus(signIn.passwordField)
    }
    signIn.onCreateAccount = { [unowned self] in go(to: .signUp) }
    signUp.onFocusRequest = { view in application.focus(view) }
    signIn.onFocusRequest = { view in application.focus(view) }
    changePassword?.onFocusRequest = { view in application.focus(view) }
    signUpModel.onCreated = { [unowned self] account in finish(.signedUp(account)) }
    signUpModel.onHandOffFailed = { [unowned self] in finish(.handOffFailed) }
    signInModel.onSignedIn = { [unowned self] account in finish(.signedIn(account)) }
    changePasswordModel?.onChanged = { [unowned self] changed in finish(.passwordChanged(changed)) }
    // An attempt that failed while the user was leaving: now leave.
    application.afterEvents = { [unowned self] in
      if let idleTimeout, application.inputCount != inputSeen {
        inputSeen = application.inputCount
        idleTimeout.restart()
      }
      if let leaving, !isBusy() { finish(leaving) }
    }
    if let idleTimeout {
      idleTimeout.onExpired = { [unowned self] in leave(.timedOut) }
      signUp.sessionNotice = { idleTimeout.notice }
      signIn.sessionNotice = { idleTimeout.notice }
      changePassword?.sessionNotice = { idleTimeout.notice }
      idleTimeout.restart()
    }
    go(to: start.route)
  }

  /// Shows `route`'s screen, with focus where it was when the user left it. A session
  /// without the screen (Change password) stays where it is.
  public func go(to route: Route) {
    let screen: (root: View, firstField: View?)
    switch route {
    case .signUp: screen = (signUp.root, signUp.loginField)
    case .signIn: screen = (signIn.root, signIn.loginField)
    case .changePassword:
      guard let changePassword else { return }
      screen = (changePassword.root, changePassword.fields[.login])
    }
    if let current = router.current { lastFocus[current] = application.focused }
    router.show(route)
    application.show(screen.root, focus: lastFocus[route] ?? screen.firstField)
  }

  /// Runs until the session ends; the caller restores the terminal and reports.
  public func run() -> Outcome {
    let exit = application.run()
    router.close()
    switch exit {
    case .stopped: return outcome ?? .cancelled
    case .cancelled: return .cancelled
    case .interrupted: return .interrupted
    case .signal(let signal): return .terminated(signal: signal)
    case .endOfInput: return .inputClosed
    }
  }

  /// Ends the session, unless an account is being created or a password checked: then
  /// the answer decides (an account made is reported), and this outcome only if it fails.
  private func leave(_ outcome: Outcome) {
    if isBusy() { leaving = outcome } else { finish(outcome) }
  }

  /// Whether Ctrl-C or a signal already asked to end (and waits): a second ask does not.
  private var isEnding: Bool {
    switch leaving {
    case .interrupted, .terminated: true
    default: false
    }
  }

  private func finish(_ outcome: Outcome) {
    idleTimeout?.stop()
    switch (leaving, outcome) {
    // Done while a signal waited: reported, and the signal still ends the program.
    case (.terminated(let signal, nil)?, .signedUp), (.terminated(let signal, nil)?, .signedIn),
      (.terminated(let signal, nil)?, .passwordChanged):
      self.outcome = .terminated(signal: signal, completed: outcome)
    default:
      self.outcome = outcome
    }
    application.stop()
  }
}
