import Registration
import Widgets

/// The full-screen front end for your account at `join@`, once signed in over SSH: the
/// account screen, and Change password behind its button (Esc comes back; neither where the
/// accounts have no password). Its events go
/// through the same `SessionFlow` as the other screens'. Leaving the account (Done, Esc)
/// ends the session signed in; changing the password ends it with the password changed.
public final class AccountApp {
  public let application: Application
  public let router: Router
  public let account: AccountScreen
  public let changePassword: ChangePasswordScreen?
  /// Ends the session when nobody types (`--idle-timeout`); nil: never.
  public let idleTimeout: IdleTimeout?
  public private(set) var outcome: SessionOutcome?
  private var flow = SessionFlow(screen: .account)
  private let signedIn: SignedInAccount
  private let model: AccountViewModel
  private let passwordModel: ChangePasswordViewModel?

  /// `passwordModel` gets the account's login; it is asked for the current password. Nil
  /// where the site's accounts have no password (`password = off`): no Change password.
  public init(
    application: Application, signedIn: SignedInAccount, model: AccountViewModel,
    passwordModel: ChangePasswordViewModel?, strings: Strings = .english,
    idleTimeout: IdleTimeout? = nil
  ) {
    self.application = application
    self.signedIn = signedIn
    self.model = model
    self.passwordModel = passwordModel
    self.idleTimeout = idleTimeout
    passwordModel?.login = signedIn.login
    var screens: [Route: any ScreenModel] = [.account: model]
    if let passwordModel { screens[.changePassword] = passwordModel }
    router = Router(screens: screens)
    var send: (SessionEvent) -> Void = { _ in }
    let notice = { idleTimeout?.notice }
    account = AccountScreen(
      viewModel: model, strings: strings, sessionNotice: notice,
      changePassword: passwordModel.map { _ in { send(.showChangePassword) } },
      done: { send(.accountDone(signedIn)) })
    changePassword = passwordModel.map {
      ChangePasswordScreen(viewModel: $0, strings: strings, sessionNotice: notice)
    }
    application.fitSession(
      to: [account.root] + (changePassword.map { [$0.root] } ?? []), strings: strings)
    send = { [unowned self] in self.send($0) }
    if let changePassword, let passwordModel {
      changePassword.join(passwordModel, to: application, send: send)
    }
    application.sendSessionEvents(idleTimeout: idleTimeout, to: send)
    show(.account)
  }

  /// Runs until the session ends; the caller restores the terminal and reports.
  public func run() -> SessionOutcome {
    application.runSession(router: router) { outcome }
  }

  private var isBusy: Bool { model.isWorking || passwordModel?.isChanging == true }

  private func send(_ event: SessionEvent) {
    // Esc on the account itself is Done: the person signed in, and leaves signed in.
    let event = event == .cancel && flow.screen == .account ? .accountDone(signedIn) : event
    perform(flow.handle(event, busy: isBusy))
  }

  private func perform(_ step: SessionFlow.Step) {
    if let route = step.screen { show(route) }
    changePassword?.focus(for: step, in: application)
    if let exit = step.exit {
      idleTimeout?.stop()
      outcome = exit
      application.stop()
    }
  }

  private func show(_ route: Route) {
    router.show(route)
    if route == .changePassword, let changePassword {
      application.show(changePassword.root, focus: changePassword.fields[.currentPassword])
    } else {
      application.show(account.root, focus: account.keyList)
    }
  }
}
