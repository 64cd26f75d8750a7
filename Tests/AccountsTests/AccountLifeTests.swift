import Accounts
import Registration
import Synchronization
import TestSupport
import Testing

/// The service under an opened store: what `register admin` calls.
extension OpenedStore {
  var service: AccountService { store as! AccountService }
  func again() throws -> AccountService { try openAgain() as! AccountService }
}

@Suite("Accounts have a life: states, decisions, holds, on every engine")
struct AccountLifeTests {
  @Test(
    "with review, a new account is pending and cannot sign in or change its password",
    arguments: Engine.allCases)
  func pendingAccount(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    let made = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(made.state == .pending)
    #expect(try store.service.account("alice")?.state == .pending)
    #expect(throws: AccountStoreError.accountPending) {
      try store.signIn(login: "alice", password: "Zq7vLm2pR")
    }
    // A wrong password is told nothing of the state.
    #expect(try store.signIn(login: "alice", password: "wrong one") == nil)
    #expect(throws: AccountStoreError.accountPending) {
      try store.changePassword(
        login: "alice", currentPassword: "Zq7vLm2pR", newPassword: "Other9pass")
    }
    #expect(try store.service.approve("alice", by: "root") == .changed)
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR")?.login == "alice")
    #expect(try store.service.approve("alice", by: "root") == .unchanged(.active))
  }

  @Test(
    "a pending application cannot be locked: unlocked, it would be active without review or hook",
    arguments: Engine.allCases)
  func pendingNotLocked(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.service.lock("alice", reason: "spam", by: "root") == .unchanged(.pending))
    #expect(try store.service.unlock("alice", by: "root") == .unchanged(.pending))
    #expect(try store.service.account("alice")?.state == .pending)
  }

  @Test("without review, accounts are active", arguments: Engine.allCases)
  func activeByDefault(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(try store.createAccount(login: "alice", password: "Zq7vLm2pR").state == .active)
    #expect(try store.service.account("ALICE")?.state == .active)
    #expect(try store.service.approve("alice", by: nil) == .unchanged(.active))
    #expect(try store.service.approve("nobody", by: nil) == .noAccount)
  }

  @Test(
    "a locked account says so, with the reason, only to the right password",
    arguments: Engine.allCases)
  func lockedAccount(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.service.lock("alice", reason: "spam", by: "root") == .changed)
    #expect(throws: AccountStoreError.accountLocked(reason: "spam")) {
      try store.signIn(login: "alice", password: "Zq7vLm2pR")
    }
    #expect(try store.signIn(login: "alice", password: "nope nope") == nil)
    #expect(throws: AccountStoreError.accountLocked(reason: "spam")) {
      try store.changePassword(
        login: "alice", currentPassword: "Zq7vLm2pR", newPassword: "Other9pass")
    }
    // Another process sees the lock at once.
    #expect(throws: AccountStoreError.accountLocked(reason: "spam")) {
      try store.again().signIn(login: "alice", password: "Zq7vLm2pR")
    }
    #expect(try store.service.lock("alice", reason: nil, by: "root") == .unchanged(.locked))
    #expect(try store.service.unlock("alice", by: "root") == .changed)
    #expect(try store.service.account("alice")?.reason == nil)
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR")?.login == "alice")
    #expect(try store.service.unlock("alice", by: "root") == .unchanged(.active))
  }

  @Test("approve and reject at once: exactly one decides", arguments: Engine.allCases)
  func approveRejectRace(engine: Engine) throws {
    for round in 0..<4 {
      let store = try engine.makeStore(options: StoreOptions(review: true))
      _ = try store.createAccount(login: "carol\(round)", password: "Zq7vLm2pR")
      let decided = try concurrently(
        2, prepare: { index in (index, try store.again()) },
        run: { index, service in
          (try?
            (index == 0
            ? service.approve("carol\(round)", by: "one")
            : service.reject("carol\(round)", reason: "no", by: "two"))) ?? .noAccount
        })
      #expect(decided.filter { $0 == .changed }.count == 1, "\(decided)")
      #expect(
        decided.filter { $0 != .changed }.allSatisfy {
          $0 == .unchanged(.active) || $0 == .unchanged(.locked) || $0 == .removed
        })
      let state = try store.service.account("carol\(round)")?.state
      #expect(decided[0] == .changed ? state == .active : state == nil)
    }
  }

  @Test(
    "a deleted login stays taken for name-hold days, lookalikes too",
    arguments: Engine.allCases)
  func nameHold(engine: Engine) throws {
    let clock = TestClock()
    let store = try engine.makeStore(clock: clock, options: StoreOptions(nameHoldDays: 2))
    _ = try store.createAccount(login: "paypal", password: "Zq7vLm2pR")
    #expect(try store.service.delete("PayPal", by: "root")?.login == "paypal")
    #expect(try store.service.delete("paypal", by: "root") == nil)
    #expect(try store.availability(of: "paypal") == .taken)
    #expect(try store.availability(of: "pаypal") == .lookalike, "Cyrillic а")
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "PAYPAL", password: "Zq7vLm2pR")
    }
    #expect(try store.again().availability(of: "paypal") == .taken)
    clock.advance(2 * 24 * 60 * 60 + 1)
    #expect(try store.availability(of: "paypal") == .free)
    _ = try store.createAccount(login: "paypal", password: "Zq7vLm2pR")
  }

  @Test("a rejected application is gone, its name held", arguments: Engine.allCases)
  func rejected(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    _ = try store.createAccount(login: "spammer", password: "Zq7vLm2pR")
    #expect(try store.service.reject("spammer", reason: "spam", by: "root") == .changed)
    #expect(try store.service.account("spammer") == nil)
    #expect(try store.availability(of: "spammer") == .taken)
    #expect(try store.signIn(login: "spammer", password: "Zq7vLm2pR") == nil)
  }
}
