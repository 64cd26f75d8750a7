import Registration
import Widgets

/// The full-screen front end for `--change-password`: the Change password screen alone,
/// until the password is changed or the person leaves. Its events go through the same
/// `SessionFlow` as Sign up's and Sign in's.
public final class ChangePasswordApp {
  public let application: Application
  public let router: Router
  public let changePassword: ChangePasswordScreen
  /// Ends the session when nobody types (`--idle-timeout`); nil: never.
  public let idleTimeout: IdleTimeout?
  public private(set) var outcome: SessionOutcome?
  private var flow = SessionFlow(screen: .changePassword)
  private let model: ChangePasswordViewModel

  public init(
    application: Application, model: ChangePasswordViewModel, strings: Strings = .english,
    idleTimeout: IdleTimeout? = nil
  ) {
    self.application = application
    self.model = model
    self.idleTimeout = idleTimeout
    router = Router(screens: [.changePassword: model])
    changePassword = ChangePasswordScreen(
      viewModel: model, strings: strings, sessionNotice: { idleTimeout?.notice })
    application.fitSession(to: [changePassword.root], strings: strings)
    let send: (SessionEvent) -> Void = { [unowned self] in
      perform(flow.handle($0, busy: model.isChanging))
    }
    changePassword.join(model, to: application, send: send)
    application.sendSessionEvents(idleTimeout: idleTimeout, to: send)
    router.show(.changePassword)
    application.show(changePassword.root, focus: changePassword.fields[.login])
  }

  /// Runs until the session ends; the caller restores the terminal and reports.
  public func run() -> SessionOutcome {
    application.runSession(router: router) { outcome }
  }

  private func perform(_ step: SessionFlow.Step) {
    changePassword.focus(for: step, in: application)
    if let exit = step.exit {
      idleTimeout?.stop()
      outcome = exit
      application.stop()
    }
  }
}
