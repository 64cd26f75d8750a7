import Registration

/// What happens in a session, as values: what the person does on the screens, what the
/// view models say, the keys and signals that end a session.
public enum SessionEvent: Hashable, Sendable {
  case signUp(RegistrationViewModel.Event)
  case signIn(SignInViewModel.Event)
  case changePassword(ChangePasswordViewModel.Event)
  case resetPassword(ResetPasswordViewModel.Event)
  /// The Sign in link under Sign up.
  case showSignIn
  /// The Create one link under Sign in.
  case showSignUp
  /// The "Forgot your password?" link under Sign in.
  case showResetPassword
  /// "Sign in instead?" beside a taken login: the login typed comes along.
  case signInInstead
  /// "Change password" on the account screen.
  case showChangePassword
  /// Done (or Esc) on the account screen: the session ends signed in as this account.
  case accountDone(SignedInAccount)
  /// Esc.
  case cancel
  /// Ctrl-C.
  case interrupt
  /// SIGTERM, SIGHUP, SIGQUIT.
  case terminate(signal: Int32)
  /// The terminal went away.
  case endOfInput
  /// Nothing was typed for the idle timeout.
  case idleTimeout
  /// A batch of input has been handled (an attempt may have ended meanwhile).
  case settled
}

/// Where the keyboard focus goes: a field of one of the screens.
public enum SessionFocus: Hashable, Sendable {
  case signUp(RegistrationField)
  /// The field of the site's question of this name, on Sign up.
  case signUpQuestion(String)
  case signIn(RegistrationField)
  case changePassword(ChangePasswordField)
  case resetPassword(ResetPasswordField)
}

/// How a session goes: from the screen it is on and an event, to the screen to show, where
/// the focus goes and whether the session ends. Pure: the application performs its steps.
///
/// Leaving (Esc, Ctrl-C, a signal, the terminal gone, the idle timeout) while an account is
/// being created or a password checked waits for the answer, so that what is reported is
/// what happened: an account made is reported (with the signal, which still ends the
/// program), and the way out only if it failed.
public struct SessionFlow: Hashable, Sendable {
  /// What the application does after an event.
  public struct Step: Hashable, Sendable {
    /// The screen to show (with the focus where it was when the person left it).
    public var screen: Route?
    /// Where the focus goes (after `screen` is shown).
    public var focus: SessionFocus?
    /// Sign in instead: the login typed on Sign up is copied to Sign in.
    public var carriesLogin = false
    /// How the session ends, if it does now.
    public var exit: SessionOutcome?

    public init(
      screen: Route? = nil, focus: SessionFocus? = nil, carriesLogin: Bool = false,
      exit: SessionOutcome? = nil
    ) {
      self.screen = screen
      self.focus = focus
      self.carriesLogin = carriesLogin
      self.exit = exit
    }
  }

  /// The screen shown.
  public private(set) var screen: Route
  /// How to end once the attempt under way has answered, if the person left meanwhile.
  public private(set) var leaving: SessionOutcome?
  /// The screen the session started on: Esc on Reset password goes back to Sign in only
  /// when that is where the person came from.
  private let start: Route

  public init(screen: Route) {
    self.screen = screen
    start = screen
  }

  /// The step for `event`; `busy` says whether the store is being asked (an account
  /// created, a password checked).
  public mutating func handle(_ event: SessionEvent, busy: Bool) -> Step {
    switch event {
    case .signUp(.created(let account)): return finish(.signedUp(account))
    case .signUp(.handOffFailed): return finish(.handOffFailed)
    case .signUp(.rejected(let field)): return Step(focus: .signUp(field))
    case .signUp(.rejectedQuestion(let name)): return Step(focus: .signUpQuestion(name))
    case .signIn(.signedIn(let account)): return finish(.signedIn(account))
    case .signIn(.refused): return Step(focus: .signIn(.password))
    case .signIn(.rejected(let field)): return Step(focus: .signIn(field))
    case .changePassword(.changed(let changed)): return finish(.passwordChanged(changed))
    case .changePassword(.refused): return Step(focus: .changePassword(.currentPassword))
    case .changePassword(.rejected(let field)): return Step(focus: .changePassword(field))
    case .resetPassword(.reset(let changed)): return finish(.passwordChanged(changed))
    case .resetPassword(.refused): return Step(focus: .resetPassword(.code))
    case .resetPassword(.rejected(let field)): return Step(focus: .resetPassword(field))
    case .showSignIn: return show(.signIn)
    case .showSignUp: return show(.signUp)
    case .showResetPassword: return show(.resetPassword)
    case .showChangePassword: return show(.changePassword)
    case .accountDone(let account): return leave(.signedIn(account), busy: busy)
    case .signInInstead:
      var step = show(.signIn)
      step.carriesLogin = true
      step.focus = .signIn(.password)
      return step
    // On Sign in, Esc goes back; not while a password is checked (the answer decides).
    case .cancel where screen == .signIn: return busy ? Step() : show(.signUp)
    case .cancel where screen == .resetPassword && start != .resetPassword:
      return busy ? Step() : show(.signIn)
    // Change password behind the account screen: Esc goes back to the account.
    case .cancel where screen == .changePassword && start == .account:
      return busy ? Step() : show(.account)
    case .cancel: return leave(.cancelled, busy: busy)
    // A second Ctrl-C (or one after a signal) does not wait.
    case .interrupt: return isEnding ? finish(.interrupted) : leave(.interrupted, busy: busy)
    case .terminate(let signal):
      return isEnding
        ? finish(.terminated(signal: signal)) : leave(.terminated(signal: signal), busy: busy)
    case .endOfInput: return leaving == nil ? leave(.inputClosed, busy: busy) : Step()
    case .idleTimeout: return leave(.timedOut, busy: busy)
    // An attempt that failed while the person was leaving: now leave.
    case .settled:
      guard let leaving, !busy else { return Step() }
      return finish(leaving)
    }
  }

  private mutating func show(_ route: Route) -> Step {
    guard route != screen else { return Step() }
    screen = route
    return Step(screen: route)
  }

  private mutating func leave(_ outcome: SessionOutcome, busy: Bool) -> Step {
    if busy {
      leaving = outcome
      return Step()
    }
    return finish(outcome)
  }

  /// Whether Ctrl-C or a signal already asked to end (and waits): a second ask does not.
  private var isEnding: Bool {
    switch leaving {
    case .interrupted, .terminated: true
    default: false
    }
  }

  private func finish(_ outcome: SessionOutcome) -> Step {
    switch (leaving, outcome) {
    // Done while a signal waited: reported, and the signal still ends the program.
    case (.terminated(let signal, nil)?, .signedUp), (.terminated(let signal, nil)?, .signedIn),
      (.terminated(let signal, nil)?, .passwordChanged):
      Step(exit: .terminated(signal: signal, completed: outcome))
    default:
      Step(exit: outcome)
    }
  }
}
