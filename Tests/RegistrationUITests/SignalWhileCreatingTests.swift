import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// A signal that asks the program to end (SIGTERM, SIGHUP, SIGQUIT) while the store is
/// still creating the account: the form waits for the answer, so that an account made is
/// reported, and the program still ends as the signal asked.
@Suite("Signals while an account is created")
struct SignalWhileCreatingTests {
  /// A form whose Sign up has been pressed: the store's answer is pending.
  static func creating(login: String = "bobby") -> SignUpHarness {
    let form = SignUpHarness()
    form.fillValidForm(login: login)
    form.press(Key(.tab), Key(.enter))
    return form
  }

  @Test("the signal waits for the answer; the account made is the outcome", arguments: [15, 1, 3])
  func waitsForTheAnswer(signal: Int32) {
    let form = Self.creating()
    #expect(form.model.isCreating)
    #expect(form.scheduler.pendingWork == 1)
    form.send(.terminate(signal: signal))
    #expect(form.application.exit == nil, "still running while the account may be made")
    #expect(form.app.outcome == nil)
    form.settle()
    #expect(form.store.count == 1)
    guard case .terminated(signal, .signedUp(let account)?) = form.app.outcome else {
      Issue.record("\(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "bobby")
    #expect(form.application.exit == .stopped)
  }

  @Test("the creation fails meanwhile: terminated, nothing to report")
  func creationFails() {
    let form = SignUpHarness()
    form.fillValidForm(login: "bobby")
    form.store.add(login: "bobby", password: "Other1234")
    form.press(Key(.tab), Key(.enter))
    form.send(.terminate(signal: 15))
    #expect(form.app.outcome == nil)
    form.settle()
    #expect(form.app.outcome == .terminated(signal: 15, completed: nil))
  }

  @Test("a second signal, or Ctrl-C after one, does not wait")
  func secondSignal() {
    let twice = Self.creating()
    twice.send(.terminate(signal: 15))
    twice.send(.terminate(signal: 1))
    #expect(twice.app.outcome == .terminated(signal: 1, completed: nil))

    let interrupted = Self.creating()
    interrupted.send(.terminate(signal: 15))
    interrupted.press(.control("c"))
    #expect(interrupted.app.outcome == .interrupted)
  }

  @Test("Esc, then a signal, while creating: the signal still waits for the answer")
  func escapeThenSignal() {
    let form = Self.creating()
    form.press(Key(.escape))
    form.send(.terminate(signal: 15))
    #expect(form.app.outcome == nil)
    form.settle()
    guard case .terminated(15, .signedUp?) = form.app.outcome else {
      Issue.record("\(String(describing: form.app.outcome))")
      return
    }
  }

  @Test("the terminal hangs up (SIGHUP and the end of input together): the answer is waited for")
  func hangUp() {
    let form = Self.creating()
    form.send(.terminate(signal: 1), .endOfInput)
    #expect(form.application.exit == nil)
    form.settle()
    guard case .terminated(1, .signedUp(let account)?) = form.app.outcome else {
      Issue.record("\(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "bobby")
  }

  @Test("the end of input alone while creating: the account made is the outcome")
  func endOfInput() {
    let form = Self.creating()
    form.send(.endOfInput)
    #expect(form.application.exit == nil)
    form.settle()
    guard case .signedUp = form.app.outcome else {
      Issue.record("\(String(describing: form.app.outcome))")
      return
    }
    let idle = SignUpHarness()
    idle.send(.endOfInput)
    #expect(idle.app.outcome == .inputClosed)
  }

  @Test("a signal with nothing being created ends at once")
  func idle() {
    let form = SignUpHarness()
    form.type("bobby")
    form.send(.terminate(signal: 15))
    #expect(form.app.outcome == .terminated(signal: 15, completed: nil))
    #expect(form.application.exit == .stopped)
  }
}
