import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// The limits of a public door on the screen: the idle timeout (warned under the button,
/// then the session ends) and the per-address limit; a failed hand-off ends the session.
@Suite("Sign-up over SSH: the screens")
struct SSHScreenTests {
  func shows(_ text: String, on form: SignUpHarness) -> Bool {
    form.screen.lines.contains { $0.trimmingCharacters(in: .whitespaces) == text }
  }

  @Test("idle: a warning a minute before the end, any key takes it away, then the session ends")
  func idle() {
    let form = SignUpHarness(idleTimeout: 300)
    let warning = "No input for a while: closing in 1 minute."
    form.wait(.seconds(239))
    #expect(!shows(warning, on: form))
    form.wait(.seconds(1))
    #expect(shows(warning, on: form), "\(form.screen.lines.joined(separator: "\n"))")
    #expect(form.app.outcome == nil)
    form.type("a")
    #expect(!shows(warning, on: form), "input takes the warning away")
    form.wait(.seconds(299))
    #expect(form.app.outcome == nil, "the count started again at the key")
    #expect(shows(warning, on: form))
    form.wait(.seconds(1))
    #expect(form.app.outcome == .timedOut)
    #expect(form.application.exit == .stopped)
  }

  @Test("the warning shows on Sign in too, and in Russian")
  func idleSignIn() {
    let form = SignUpHarness(start: .signIn, strings: .russian, idleTimeout: 20)
    form.wait(.seconds(10))
    #expect(shows("Нет ввода: сеанс закроется через 10 секунд.", on: form))
    form.wait(.seconds(10))
    #expect(form.app.outcome == .timedOut)
  }

  @Test("a click or a paste is input too; a resize is not")
  func whatCounts() {
    let form = SignUpHarness(idleTimeout: 10)
    form.wait(.seconds(9))
    form.send(.paste("alice"))
    form.wait(.seconds(9))
    form.send(.mouse(MouseEvent(.left, .press, at: Point(x: 0, y: 0))))
    form.wait(.seconds(9))
    #expect(form.app.outcome == nil)
    form.resize(to: Size(width: 70, height: 24))
    form.wait(.seconds(1))
    #expect(form.app.outcome == .timedOut)
  }

  @Test("an account being created when time runs out is finished and reported")
  func idleWhileCreating() {
    let form = SignUpHarness(idleTimeout: 10)
    // Filled by hand: settle() would let the idle timeout run out first.
    form.type("alice")
    form.press(Key(.tab))
    // One the test password policy takes ("Secret123" is a dictionary word to it).
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.wait(.seconds(1))
    form.scheduler.finishAllWork()
    form.press(Key(.tab), Key(.enter))
    #expect(form.model.isCreating)
    form.scheduler.advance(by: .seconds(10))
    form.application.process([])
    #expect(form.app.outcome == nil, "waits for the answer")
    form.settle()
    #expect(form.app.outcome?.isSignedUp == true)
  }

  @Test("without --idle-timeout nothing ever times out")
  func noTimeout() {
    let form = SignUpHarness()
    form.wait(.seconds(86_400))
    #expect(form.app.outcome == nil)
    #expect(form.scheduler.pendingTimers == 0)
  }

  @Test("at the address's limit, the line under the button says so from the start")
  func addressLimit() throws {
    let store = InMemoryAccountStore()
    _ = try store.createAccount(
      login: "first", password: "Secret123", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    let form = SignUpHarness(store: store, origin: SignUpOrigin(address: "192.0.2.7", limit: 1))
    form.settle()
    #expect(
      shows("Limit reached: 1 account a day per address.", on: form),
      "\(form.screen.lines.joined(separator: "\n"))")
    // Typing does not take it away: it still holds.
    form.type("bob")
    form.settle()
    #expect(shows("Limit reached: 1 account a day per address.", on: form))
  }

  @Test("a failed hand-off ends the session at once")
  func handOffFailed() {
    let store = InMemoryAccountStore()
    let form = SignUpHarness(store: store)
    form.fillValidForm()
    store.fail(with: .handOffFailed(accountRemoved: true))
    form.press(Key(.enter))
    form.settle()
    #expect(form.app.outcome == .handOffFailed)
    #expect(form.application.exit == .stopped)
  }
}

extension RegistrationApp.Outcome {
  var isSignedUp: Bool {
    if case .signedUp = self { true } else { false }
  }
}
