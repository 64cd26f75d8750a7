import Accounts
import Registration
import TestSupport
import Testing

/// Changing a password, on every engine: checked as a sign-in is (the same throttle, NUL
/// refusal, identity and answers), then stored as a new hash.
@Suite("Account store: changing a password, on every engine")
struct PasswordChangeStoreTests {
  @Test(
    "the old password stops working, the new one works, here and on another connection",
    arguments: Engine.allCases)
  func changes(engine: Engine) throws {
    let store = try engine.makeStore()
    let created = try store.createAccount(login: "Alice", password: "Old4Secret")
    let changed = try #require(
      try store.changePassword(
        login: "ALICE", currentPassword: "Old4Secret", newPassword: "Zq7vLm2pR"))
    #expect(changed.login == "Alice", "the login as registered, typed in another case")
    #expect(changed.passwordHash.hasPrefix("$y$"))
    #expect(changed.passwordHash != created.passwordHash)
    #expect(changed.changedAt.hasSuffix("Z") && changed.changedAt.count == 20)
    for store in [store, try store.openAgain()] {
      #expect(try store.signIn(login: "alice", password: "Old4Secret") == nil)
      #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR")?.login == "Alice")
    }
    // And back again: the new password is now the current one.
    #expect(
      try store.changePassword(
        login: "alice", currentPassword: "Zq7vLm2pR", newPassword: "Old4Secret")
        != nil)
    #expect(try store.signIn(login: "alice", password: "Old4Secret") != nil)
  }

  @Test(
    "the times reported are the store's clock's: signed in, changed", arguments: Engine.allCases)
  func times(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    throttled.clock.advance(60)
    let store = throttled.store
    #expect(
      try store.signIn(login: "alice", password: "Secret123")?.signedInAt == "2027-01-15T08:01:00Z")
    let changed = try store.changePassword(
      login: "alice", currentPassword: "Secret123", newPassword: "Zq7vLm2pR")
    #expect(changed?.changedAt == "2027-01-15T08:01:00Z")
  }

  @Test(
    "two changes racing with the same current password: one is made, the other is told no",
    arguments: Engine.allCases)
  func racing(engine: Engine) throws {
    let opened = try engine.makeStore()
    _ = try opened.createAccount(login: "alice", password: "Old4Secret")
    let news = ["Zq7vLm2pR", "Wb4nKt8sQx"]
    // Each from a store of its own (two processes, two hosts); both check the current
    // password (slow on purpose) before either stores its new one.
    let answers = try concurrently(
      2, prepare: { index in (news[index], try opened.openAgain()) },
      run: { new, store in
        Result { () throws(AccountStoreError) -> ChangedPassword? in
          try store.changePassword(login: "alice", currentPassword: "Old4Secret", newPassword: new)
        }
      })
    let made = try zip(news, answers).filter { try $0.1.get() != nil }.map(\.0)
    try #require(made.count == 1, "changed: \(made)")
    // What the one told "changed" chose is the password now; the other's is not.
    #expect(try opened.signIn(login: "alice", password: made[0]) != nil)
    #expect(try opened.signIn(login: "alice", password: news.first { $0 != made[0] }!) == nil)
  }

  @Test(
    "a wrong current password and an unknown login give the same answer, and change nothing",
    arguments: Engine.allCases)
  func wrong(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Old4Secret")
    _ = try store.createAccount(login: "bobby", password: "Bob4Secret")
    #expect(
      try store.changePassword(
        login: "alice", currentPassword: "Bob4Secret", newPassword: "Zq7vLm2pR")
        == nil)
    #expect(
      try store.changePassword(
        login: "nobody", currentPassword: "Old4Secret", newPassword: "Zq7vLm2pR")
        == nil)
    #expect(try store.signIn(login: "alice", password: "Old4Secret") != nil)
    #expect(try store.signIn(login: "bobby", password: "Bob4Secret") != nil)
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR") == nil)
  }

  @Test(
    "a wrong current password counts as a failed sign-in; a locked login is refused alike",
    arguments: Engine.allCases)
  func throttled(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    let store = throttled.store
    for _ in 0..<3 {
      #expect(
        try store.changePassword(login: "alice", currentPassword: "wrong", newPassword: "Zq7vLm2pR")
          == nil)
    }
    #expect(try throttled.attempt("alice", "Secret123") == .locked(1), "sign-in is locked too")
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 1)) {
      try store.changePassword(
        login: "alice", currentPassword: "Secret123", newPassword: "Zq7vLm2pR")
    }
    throttled.clock.advance(1)
    // A wrong sign-in locks the change the same way: one count for both.
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 2)) {
      try store.changePassword(
        login: "alice", currentPassword: "Secret123", newPassword: "Zq7vLm2pR")
    }
    throttled.clock.advance(2)
    #expect(
      try store.changePassword(
        login: "alice", currentPassword: "Secret123", newPassword: "Zq7vLm2pR")
        != nil)
    // The right password cleared the failures, as a sign-in does.
    for _ in 0..<3 { #expect(try throttled.attempt("alice") == .wrong) }
    #expect(try throttled.attempt("alice") == .locked(1))
  }

  @Test("an unknown login is locked exactly like an existing one", arguments: Engine.allCases)
  func unknownThrottled(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    func script(_ login: String) throws -> [Bool] {
      try (0..<4).map { _ in
        do throws(AccountStoreError) {
          _ = try throttled.store.changePassword(
            login: login, currentPassword: "wrong", newPassword: "Zq7vLm2pR")
          return false
        } catch {
          guard case .throttled = error else { throw error }
          return true
        }
      }
    }
    #expect(try script("alice") == [false, false, false, true])
    #expect(try script("nobody") == [false, false, false, true])
  }

  @Test(
    "a NUL in either password is refused whole; a NUL in the new one counts for nothing",
    arguments: Engine.allCases)
  func nul(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    let store = throttled.store
    #expect(throws: AccountStoreError.containsNUL("password")) {
      try store.changePassword(
        login: "alice", currentPassword: "Secret123\u{0}x", newPassword: "Zq7vLm2pR")
    }
    for _ in 0..<5 {
      #expect(throws: AccountStoreError.containsNUL("new password")) {
        try store.changePassword(
          login: "alice", currentPassword: "Secret123", newPassword: "Zq7vLm2pR\u{0}x")
      }
    }
    #expect(try throttled.attempt("alice", "Zq7vLm2pR") == .wrong, "nothing was changed")
    #expect(try throttled.attempt("alice", "Secret123") == .signedIn, "and nothing counted")
  }

  @Test("an account whose store opens on another thread changes its password through it")
  func opening() throws {
    let folder = try TemporaryFolder()
    let store = OpeningAccountStore(path: folder.path("accounts.sqlite"), identity: policy)
    defer { store.close() }
    _ = try store.createAccount(login: "alice", password: "Old4Secret")
    #expect(
      try store.changePassword(
        login: "alice", currentPassword: "Old4Secret", newPassword: "Zq7vLm2pR")?
        .login == "alice")
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR") != nil)
  }
}
