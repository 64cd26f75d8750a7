import Registration
import TestSupport
import Testing

/// "Login is free" in virtual time: nothing here sleeps.
@Suite("Login availability")
struct LoginAvailabilityTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()
  let model: RegistrationViewModel

  init() {
    model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
  }

  var free: RequirementStatus { model.requirements.first { $0.id == "login.free" }! }

  /// Types `text` one character at a time, `gap` apart.
  func type(_ text: String, gap: Duration = .milliseconds(100)) {
    for character in text {
      model.login += String(character)
      scheduler.advance(by: gap)
    }
  }

  @Test("an empty login is unmet and never looked up")
  func empty() {
    #expect(free.state == .unmet)
    model.login = "b"
    model.login = ""
    scheduler.settle()
    #expect(free.state == .unmet)
    #expect(store.lookedUp.isEmpty)
  }

  @Test("checked about 250 ms after the last keystroke, once")
  func debounce() {
    type("bobby")
    #expect(free.state == .checking, "checking from the first keystroke")
    #expect(store.lookedUp.isEmpty, "100 ms gaps never let the timer fire")
    scheduler.advance(by: .milliseconds(149))
    #expect(scheduler.pendingWork == 0, "249 ms after the last keystroke: not yet")
    scheduler.advance(by: .milliseconds(1))
    #expect(scheduler.pendingWork == 1)
    #expect(free.state == .checking, "still checking while the store answers")
    scheduler.finishAllWork()
    #expect(store.lookedUp == ["bobby"])
    #expect(free.state == .met)
  }

  @Test("met only when the store says free; any case of a taken login is taken")
  func taken() {
    for login in ["alice", "ALICE", "Alice"] {
      model.login = login
      scheduler.settle()
      #expect(free.state == .unmet, "\(login)")
    }
    model.login = "alicia"
    scheduler.settle()
    #expect(free.state == .met)
  }

  @Test("the same login is not looked up twice in a row")
  func duplicates() {
    model.login = "bobby"
    scheduler.settle()
    #expect(store.lookedUp == ["bobby"])
    // A character typed and taken back within the pause: the answer shows at once.
    model.login = "bobbyx"
    #expect(free.state == .checking)
    model.login = "bobby"
    #expect(free.state == .met)
    scheduler.settle()
    #expect(store.lookedUp == ["bobby"])
  }

  @Test("a login typed again while its lookup runs is not looked up again")
  func duplicateInFlight() {
    model.login = "bobby"
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 1)
    model.login = "bobbyx"
    model.login = "bobby"
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 1)
    scheduler.finishAllWork()
    #expect(store.lookedUp == ["bobby"])
    #expect(free.state == .met)
  }

  @Test("an answer for an older text is never shown")
  func staleAnswerAfterNewer() {
    model.login = "alic"
    scheduler.advance(by: .milliseconds(250))
    model.login = "alice"
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 2)
    scheduler.finishWork(at: 1)  // "alice": taken
    #expect(free.state == .unmet)
    scheduler.finishWork(at: 0)  // "alic": free, but stale
    #expect(free.state == .unmet)
    #expect(!model.canSubmit)
  }

  @Test("an older answer arriving first does not show either")
  func staleAnswerFirst() {
    model.login = "alic"
    scheduler.advance(by: .milliseconds(250))
    model.login = "alice"
    scheduler.finishAllWork()  // "alic" answers while "alice" waits for its pause
    #expect(free.state == .checking)
    scheduler.settle()
    #expect(free.state == .unmet)
  }

  @Test("a stale answer for another login never overwrites what is known of this one")
  func staleAnswerDoesNotOverwrite() {
    model.login = "carol"  // free
    scheduler.advance(by: .milliseconds(250))
    model.login = "alice"  // taken; asked before carol's answer came
    scheduler.advance(by: .milliseconds(250))
    model.login = "carol"  // back: asked again, since alice was the last asked
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 3)
    scheduler.finishWork(at: 2)  // carol: free
    #expect(free.state == .met)
    scheduler.finishWork(at: 0)  // the first carol: the same answer
    scheduler.finishWork(at: 0)  // alice: taken, and stale, last
    #expect(free.state == .met)
    // A character typed and taken back: what is known of carol shows at once.
    model.login = "carolx"
    model.login = "carol"
    #expect(free.state == .met, "carol is free; alice's answer is not carol's")
    #expect(scheduler.pendingTimers == 0 && scheduler.pendingWork == 0, "not asked again")
  }

  @Test("coming back to the screen looks the login up again")
  func appearRechecks() {
    model.login = "bobby"
    scheduler.settle()
    #expect(free.state == .met)
    store.add(login: "Bobby", password: "x")
    model.disappear()
    model.appear()
    #expect(free.state == .checking)
    scheduler.settle()
    #expect(free.state == .unmet)
    #expect(store.lookedUp == ["bobby", "bobby"])
  }

  @Test("a store that cannot answer leaves the row unmet with a message")
  func lookupFails() {
    store.fail(with: .unavailable("disk I/O error"))
    model.login = "bobby"
    scheduler.settle()
    #expect(free.state == .unmet)
    #expect(model.message == "Login not checked: disk I/O error")
  }
}

@Suite("Creating the account")
struct AccountCreationTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let model: RegistrationViewModel

  init() {
    model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    model.login = "bobby"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
  }

  @Test("a lost race keeps everything typed and shows the login taken")
  func lostRace() {
    #expect(model.canSubmit)
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    store.add(login: "BOBBY", password: "other")  // another process, just now
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(created == nil)
    #expect(model.login == "bobby" && model.password == "Secret123")
    #expect(model.confirmation == "Secret123")
    #expect(model.requirements.first { $0.id == "login.free" }?.state == .unmet)
    #expect(!model.canSubmit)
    #expect(model.message == "The login was just taken. Choose another.")
  }

  @Test("a store that cannot write keeps the input and says why, never the password")
  func writeFails() {
    store.fail(with: .unavailable("attempt to write a readonly database"))
    model.submit()
    scheduler.settle()
    #expect(model.message == "Account not created: attempt to write a readonly database")
    #expect(model.message?.contains("Secret123") == false)
    #expect(model.password == "Secret123")
    store.fail(with: nil)
    #expect(model.canSubmit, "the user can try again")
  }

  @Test("created: the account comes back, with no password in it")
  func created() {
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.submit()
    #expect(model.isCreating)
    scheduler.settle()
    #expect(created?.login == "bobby")
    #expect(!model.isCreating)
    #expect(store.count == 1)
  }

  @Test("an account long on its way (a store waiting through a failover): said, then made")
  func slowStore() {
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.submit()
    // Whatever the submission waited for answers; the account's own call stays on its way.
    while !model.isCreating && scheduler.pendingWork > 0 { scheduler.finishWork() }
    #expect(model.isCreating)
    scheduler.advance(by: RegistrationViewModel.slowStoreDelay - .milliseconds(1))
    #expect(!model.storeIsSlow)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.storeIsSlow)
    #expect(model.login == "bobby" && model.password == "Secret123")
    scheduler.finishAllWork()
    #expect(created?.login == "bobby")
    #expect(!model.storeIsSlow)
    #expect(scheduler.pendingTimers == 0)
  }
}
