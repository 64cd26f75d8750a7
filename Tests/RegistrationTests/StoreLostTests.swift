import Registration
import TestSupport
import Testing

/// A store that stops answering while the form is open (a database server gone) and comes
/// back: nothing typed is lost, and the next Sign up works.
@Suite("The store lost and back")
struct StoreLostTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let model: RegistrationViewModel

  init() {
    model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
  }

  var free: RequirementStatus { model.requirements.first { $0.id == "login.free" }! }

  func fill() {
    model.login = "bobby"
    model.password = "Zq7vLm2pR"
    model.confirmation = "Zq7vLm2pR"
    scheduler.settle()
  }

  @Test("a check that failed is asked again by Sign up, which goes on once the store answers")
  func checkAskedAgain() {
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    store.fail(with: .unavailable("server closed the connection"))
    fill()
    #expect(free.state == .unmet)
    #expect(model.message == "Login not checked: server closed the connection")

    // Still gone: asked again, still no answer, and no loop of asking.
    #expect(model.submit() == .waiting)
    scheduler.settle()
    #expect(store.lookedUp.isEmpty)
    #expect(free.state == .unmet)
    #expect(!model.isWaitingToSubmit)
    #expect(model.message == "Login not checked: server closed the connection")

    store.fail(with: nil)
    #expect(model.submit() == .waiting)
    #expect(free.state == .checking)
    scheduler.settle()
    #expect(store.lookedUp == ["bobby"])
    #expect(created?.login == "bobby")
    #expect(model.password == "Zq7vLm2pR" && model.confirmation == "Zq7vLm2pR")
  }

  @Test("a login that was never checked, because other rules were unmet, is not asked by Sign up")
  func onlyAFailedCheck() {
    model.login = "bo"
    scheduler.settle()
    #expect(model.submit() == .rejected(firstUnmet: .login))
    scheduler.settle()
    #expect(store.lookedUp.isEmpty)
  }

  @Test("Sign up failing while the store is gone keeps everything; the next one creates")
  func createAfterLoss() {
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    fill()
    #expect(free.state == .met)
    store.fail(with: .unavailable("could not connect to server"))
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(created == nil)
    #expect(model.message == "Account not created: could not connect to server")
    #expect(model.login == "bobby" && model.password == "Zq7vLm2pR")
    store.fail(with: nil)
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(created?.login == "bobby")
  }

  @Test("a server that cannot be reached is said so, in each language")
  func unreachableInWords() {
    let russian = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: .russian, policy: FakeLoginPolicy())
    store.fail(with: .unreachable("no route to host"))
    fill()
    russian.login = "bobby"
    scheduler.settle()
    #expect(
      model.message == "Login not checked: server unreachable (no route to host)")
    #expect(
      russian.message
        == "Не удалось проверить логин: сервер недоступен (no route to host)")
  }
}
