import Registration
import TestSupport
import Testing

@Suite("Sign in: too many attempts")
struct SignInThrottleMessageTests {
  /// The message after a sign-in the store refused for `seconds`.
  func message(locked seconds: Int, strings: Strings = .english) -> String? {
    let store = InMemoryAccountStore(logins: ["alice"])
    let scheduler = ManualScheduler()
    let model = SignInViewModel(store: store, scheduler: scheduler, strings: strings)
    store.fail(with: .throttled(retryAfterSeconds: seconds))
    model.login = "alice"
    model.password = "Secret123"
    model.signIn()
    scheduler.settle()
    #expect(!model.isSigningIn)
    return model.message
  }

  @Test(
    "the form says when to try again: seconds, then whole minutes rounded up",
    arguments: [
      (1, "1 second"), (45, "45 seconds"), (60, "1 minute"), (61, "2 minutes"),
      (120, "2 minutes"), (900, "15 minutes"),
    ])
  func english(seconds: Int, wait: String) {
    #expect(message(locked: seconds) == "Too many attempts: try again in \(wait).")
  }

  @Test(
    "in Russian, the noun agrees with the number",
    arguments: [
      (1, "1 секунду"), (2, "2 секунды"), (5, "5 секунд"), (11, "11 секунд"), (21, "21 секунду"),
      (22, "22 секунды"), (60, "1 минуту"), (120, "2 минуты"), (300, "5 минут"), (660, "11 минут"),
      (900, "15 минут"),
    ])
  func russian(seconds: Int, wait: String) {
    #expect(
      message(locked: seconds, strings: .russian)
        == "Слишком много попыток: подождите \(wait).")
  }

  @Test("typing clears it, like any failure")
  func cleared() {
    let store = InMemoryAccountStore(logins: ["alice"])
    let scheduler = ManualScheduler()
    let model = SignInViewModel(store: store, scheduler: scheduler)
    store.fail(with: .throttled(retryAfterSeconds: 120))
    model.login = "alice"
    model.password = "Secret123"
    model.signIn()
    scheduler.settle()
    #expect(model.message != nil)
    model.password += "4"
    #expect(model.message == nil)
  }
}
