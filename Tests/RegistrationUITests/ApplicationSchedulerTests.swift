import Policy
import Registration
import RegistrationUI
import TestSupport
import Testing
import Widgets

/// The view models on the terminal's run loop, as the program runs them: their timers are
/// the loop's (in the memory screen's virtual time), their store calls run on the loop's
/// worker thread and come back through its inbox.
@Suite("ApplicationScheduler")
struct ApplicationSchedulerTests {
  let screen = MemoryScreen()
  let store: InMemoryAccountStore
  let model: RegistrationViewModel
  let app: RegistrationApp

  init() {
    let policy = UnicodeLoginPolicy()
    store = InMemoryAccountStore(logins: ["alice"], identity: policy)
    let application = Application(screen: screen)
    let scheduler = ApplicationScheduler(application)
    model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: .english, policy: policy)
    app = RegistrationApp(
      application: application, signUpModel: model,
      signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: .english))
  }

  var availability: RequirementStatus.State? {
    model.requirements.first { $0.id == "login.free" }?.state
  }

  @Test("the login is looked up once typing pauses, on the worker, and the row is struck")
  func lookupAfterPause() {
    for character in "bob" { screen.send(.text(String(character))) }
    screen.pause(.milliseconds(100))
    screen.send(.text("b"), .text("y"))
    screen.pause(.milliseconds(300))
    screen.waitForWaker()
    #expect(app.run() == .inputClosed)
    #expect(store.lookedUp == ["bobby"], "one lookup, for the login as it stood")
    #expect(availability == .met)
    #expect(screen.lines.contains { $0.contains("Login is free".struckThrough) })
  }

  @Test("no lookup before the pause has run out")
  func noLookupEarly() {
    screen.send(.text("bobby"))
    screen.pause(.milliseconds(249))
    _ = app.run()
    #expect(store.lookedUp.isEmpty)
    #expect(availability == .checking)
  }

  @Test("a taken login's answer comes back through the inbox and says so")
  func takenLogin() {
    screen.send(.text("alice"))
    screen.pause(.milliseconds(250))
    screen.waitForWaker()
    _ = app.run()
    #expect(store.lookedUp == ["alice"])
    #expect(availability == .unmet)
    #expect(screen.lines.contains { $0.contains("This login is taken.") })
  }
}
