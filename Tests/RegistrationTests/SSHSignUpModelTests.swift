import Registration
import TestSupport
import Testing

/// Sign-up over SSH in the view model: the client's address goes with the account, the
/// per-address limit is said from the start, and a failed hand-off ends the session.
@Suite("Sign-up over SSH: the view model")
struct SSHSignUpModelTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()

  func model(origin: SignUpOrigin?, strings: Strings = .english) -> RegistrationViewModel {
    RegistrationViewModel(
      store: store, scheduler: scheduler, strings: strings, policy: FakeLoginPolicy(),
      origin: origin)
  }

  func fill(_ model: RegistrationViewModel, login: String = "alice") {
    model.login = login
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
  }

  @Test("the client's address is stored with the account")
  func addressRecorded() {
    let model = model(origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.appear()
    fill(model)
    model.submit()
    scheduler.settle()
    #expect(created?.login == "alice")
    #expect(store.address(of: "alice") == "192.0.2.7")
  }

  @Test("under the limit nothing is said; at the limit it is said at once, in words")
  func limitAtStart() throws {
    _ = try store.createAccount(
      login: "first", password: "Secret123", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    let below = model(origin: SignUpOrigin(address: "192.0.2.7", limit: 2))
    below.appear()
    scheduler.settle()
    #expect(below.addressLimitNotice == nil)
    _ = try store.createAccount(
      login: "second", password: "Secret123",
      origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    let at = model(origin: SignUpOrigin(address: "192.0.2.7", limit: 2), strings: .russian)
    at.appear()
    scheduler.settle()
    #expect(at.addressLimitNotice == "Лимит исчерпан: 2 аккаунта в сутки с адреса.")
    // Another address is not held back.
    let other = model(origin: SignUpOrigin(address: "192.0.2.8", limit: 2))
    other.appear()
    scheduler.settle()
    #expect(other.addressLimitNotice == nil)
  }

  @Test("the limit reached meanwhile (another session): said, nothing created, nothing lost")
  func limitMeanwhile() throws {
    let model = model(origin: SignUpOrigin(address: "192.0.2.7", limit: 1))
    var created = false
    model.events.listen { if case .created = $0 { created = true } }
    model.appear()
    fill(model)
    #expect(model.addressLimitNotice == nil)
    _ = try store.createAccount(
      login: "other", password: "Secret123", origin: SignUpOrigin(address: "192.0.2.7", limit: 1))
    model.submit()
    scheduler.settle()
    #expect(!created)
    #expect(model.addressLimitNotice == "Limit reached: 1 account a day per address.")
    #expect(model.login == "alice" && model.password == "Secret123")
    #expect(try !store.isLoginTaken("alice"))
  }

  @Test("without SSH there is no address and no limit")
  func noOrigin() {
    let model = model(origin: nil)
    model.appear()
    fill(model)
    model.submit()
    scheduler.settle()
    #expect(model.addressLimitNotice == nil)
    #expect(store.count == 1)
    #expect(store.address(of: "alice") == nil)
  }

  @Test("a failed hand-off ends the session: told once, with the reason in words")
  func handOffFailed() {
    let model = model(origin: nil)
    var told = 0
    var created = false
    model.events.listen { if case .handOffFailed = $0 { told += 1 } }
    model.events.listen { if case .created = $0 { created = true } }
    model.appear()
    fill(model)
    store.fail(with: .handOffFailed(accountRemoved: true))
    model.submit()
    scheduler.settle()
    #expect(told == 1)
    #expect(!created)
    #expect(model.handOffFailed)
    #expect(model.message == Strings.english.handOffFailed)
    #expect(!model.isCreating)
  }
}
