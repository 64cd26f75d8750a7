import Registration
import Widgets

/// The full-screen front end for `--reset` (and `ssh join@host reset`): the Reset password
/// screen alone, until the new password is set or the person leaves. Its events go through
/// the same `SessionFlow` as the other screens'.
public final class ResetPasswordApp {
  public let application: Application
  public let router: Router
  public let resetPassword: ResetPasswordScreen
  /// Ends the session when nobody types (`--idle-timeout`); nil: never.
  public let idleTimeout: IdleTimeout?
  public private(set) var outcome: SessionOutcome?
  private var flow = SessionFlow(screen: .resetPassword)
  private let model: ResetPasswordViewModel

  public init(
    application: Application, model: ResetPasswordViewModel, strings: Strings = .english,
    idleTimeout: IdleTimeout? = nil
  ) {
    self.application = application
    self.model = model
    self.idleTimeout = idleTimeout
    router = Router(screens: [.resetPassword: model])
    resetPassword = ResetPasswordScreen(
      viewModel: model, strings: strings, sessionNotice: { idleTimeout?.notice })
    application.contentWidth = max(45 + 4, resetPassword.root.idealWidth(for: application.theme))
    application.tooSmallNotice = { strings.terminalTooSmall($0.width, $0.height) }
    let send: (SessionEvent) -> Void = { [unowned self] in
      perform(flow.handle($0, busy: model.isResetting))
    }
    model.events.listen { send(.resetPassword($0)) }
    application.onFocusLeave = { [unowned self] view in
      if let field = resetPassword.field(of: view) { model.leave(field) }
    }
    application.sendSessionEvents(idleTimeout: idleTimeout, to: send)
    router.show(.resetPassword)
    application.show(resetPassword.root, focus: resetPassword.fields[.login])
  }

  /// Runs until the session ends; the caller restores the terminal and reports.
  public func run() -> SessionOutcome {
    application.runSession(router: router) { outcome }
  }

  private func perform(_ step: SessionFlow.Step) {
    if case .resetPassword(let field)? = step.focus {
      application.focus(resetPassword.fields[field]!)
    }
    if let exit = step.exit {
      idleTimeout?.stop()
      outcome = exit
      application.stop()
    }
  }
}
