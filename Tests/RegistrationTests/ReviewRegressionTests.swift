import Registration
import TestSupport
import Testing

@Suite("Regressions: view models")
struct ViewModelRegressionTests {
  @Test("the lost-race message goes once the user changes the login")
  func staleMessage() {
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    model.login = "bobby"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
    store.add(login: "bobby", password: "x")
    model.submit()
    scheduler.settle()
    #expect(model.message != nil)
    model.login = "bobby2"
    #expect(model.message == nil)
  }

  @Test("a lookup that failed is tried again, not taken for 'taken'")
  func failedLookupRetried() {
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    store.fail(with: .unavailable("database is locked"))
    model.login = "bobby"
    scheduler.settle()
    store.fail(with: nil)
    model.login = "bobbyx"
    model.login = "bobby"
    scheduler.settle()
    #expect(model.requirements.first { $0.id == "login.free" }?.state == .met)
  }
}
