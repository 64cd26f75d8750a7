import Registration
import Terminal
import Widgets

/// The full-screen front end: shows the form on a screen until the user signs up or leaves.
public final class RegistrationApp {
  /// How the session ended.
  public enum Outcome: Hashable, Sendable {
    case signedUp(login: String)
    /// Esc.
    case cancelled
    /// Ctrl-C.
    case interrupted
    /// A signal ended the program.
    case terminated(signal: Int32)
    /// The terminal went away.
    case inputClosed
  }

  public let application: Application
  public let signUp: SignUpScreen
  public private(set) var outcome: Outcome?

  public init(screen: any Screen, viewModel: RegistrationViewModel, strings: Strings = .english) {
    signUp = SignUpScreen(viewModel: viewModel, strings: strings)
    application = Application(screen: screen, root: signUp.root, contentWidth: SignUpScreen.width)
    application.tooSmallNotice = strings.terminalTooSmall
    application.keyBindings[Key(.escape)] = { [unowned self] in finish(.cancelled) }
    application.keyBindings[.control("c")] = { [unowned self] in finish(.interrupted) }
    application.onFocusLeave = { [unowned self] view in
      if let field = signUp.field(of: view) { viewModel.leave(field) }
    }
    signUp.onSubmit = { [unowned self] login in finish(.signedUp(login: login)) }
    signUp.onFocusRequest = { [unowned self] view in application.focus(view) }
    application.focus(signUp.loginField)
  }

  /// Runs until the form is done; the caller restores the terminal and reports.
  public func run() -> Outcome {
    switch application.run() {
    case .stopped: outcome ?? .cancelled
    case .signal(let signal): .terminated(signal: signal)
    case .endOfInput: .inputClosed
    }
  }

  private func finish(_ outcome: Outcome) {
    self.outcome = outcome
    application.stop()
  }
}
