import Registration
import TestSupport
import Testing

@Suite("Sign in")
struct SignInViewModelTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let model: SignInViewModel

  init() {
    store.add(login: "Alice", password: "Secret123")
    model = SignInViewModel(store: store, scheduler: scheduler)
  }

  func attempt(_ login: String, _ password: String) -> SignedInAccount? {
    var account: SignedInAccount?
    model.events.listen { if case .signedIn(let signedIn) = $0 { account = signedIn } }
    model.login = login
    model.password = password
    model.signIn()
    scheduler.settle()
    return account
  }

  @Test("the right password signs in, whatever the login's case")
  func success() {
    #expect(attempt("alice", "Secret123")?.login == "Alice")
    #expect(model.message == nil)
  }

  @Test("a wrong password and an unknown login give the same message")
  func sameMessage() {
    #expect(attempt("alice", "wrong") == nil)
    let wrongPassword = model.message
    #expect(attempt("nobody", "Secret123") == nil)
    #expect(model.message == wrongPassword)
    #expect(wrongPassword == "Wrong login or password.")
  }

  @Test("an empty field is named, not tried")
  func emptyFields() {
    #expect(model.signIn() == .rejected(firstUnmet: .login))
    model.login = "alice"
    #expect(model.signIn() == .rejected(firstUnmet: .password))
    #expect(scheduler.pendingWork == 0)
  }

  @Test("typing clears the message; leaving the screen clears it and keeps the values")
  func messageLifetime() {
    _ = attempt("alice", "wrong")
    #expect(model.message != nil)
    model.password += "x"
    #expect(model.message == nil)
    _ = attempt("alice", "wrong")
    model.disappear()
    #expect(model.message == nil)
    #expect(model.login == "alice" && model.password == "", "a refused password is cleared")
  }
}

/// Counts its screen's appear and disappear hooks.
final class ScreenSpy: ScreenModel {
  var appeared = 0
  var disappeared = 0
  func appear() { appeared += 1 }
  func disappear() { disappeared += 1 }
}

@Suite("Router")
struct RouterTests {
  @Test("each hook runs exactly once per showing and hiding")
  func hooks() {
    let signUp = ScreenSpy()
    let signIn = ScreenSpy()
    let router = Router(screens: [.signUp: signUp, .signIn: signIn])
    router.show(.signUp)
    #expect((signUp.appeared, signUp.disappeared, signIn.appeared) == (1, 0, 0))
    router.show(.signUp)
    #expect(signUp.appeared == 1, "showing what is shown does nothing")
    router.show(.signIn)
    #expect((signUp.disappeared, signIn.appeared) == (1, 1))
    router.show(.signUp)
    router.show(.signIn)
    #expect((signUp.appeared, signUp.disappeared) == (2, 2))
    #expect((signIn.appeared, signIn.disappeared) == (2, 1))
    router.close()
    #expect(signIn.disappeared == 2)
    #expect(router.current == nil)
  }

  @Test("values typed on a screen survive switching away and back")
  func valuesSurvive() {
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let signUp = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let signIn = SignInViewModel(store: store, scheduler: scheduler)
    let router = Router(screens: [.signUp: signUp, .signIn: signIn])
    router.show(.signUp)
    signUp.login = "bobby"
    signUp.password = "Secret123"
    router.show(.signIn)
    signIn.login = "carol"
    router.show(.signUp)
    #expect(signUp.login == "bobby" && signUp.password == "Secret123")
    router.show(.signIn)
    #expect(signIn.login == "carol")
  }
}
