import Registration
import Synchronization
import Testing

@testable import register

/// What a stranger reads when the store fails, and what the log gets: over SSH the one
/// sentence, the reason in the log; by hand the reason itself.
/// A store that fails as told, or answers that no login is taken.
final class FailingStore: AccountStore {
  private let failure = Mutex<AccountStoreError?>(nil)
  func fail(with error: AccountStoreError?) { failure.withLock { $0 = error } }
  private func check() throws(AccountStoreError) {
    if let error = failure.withLock({ $0 }) { throw error }
  }
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try check()
    return false
  }
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try check()
    return CreatedAccount(
      login: signUp.login, passwordHash: "$y$x", createdAt: "2026-12-01T00:00:00Z")
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try check()
    return nil
  }
  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try check()
    return nil
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try check()
    return 0
  }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try check()
    return false
  }
}

@Suite("Watched account store")
struct WatchedAccountStoreTests {
  let inner = FailingStore()
  /// The lines the log was given.
  final class Log: Sendable {
    let lines = Mutex<[String]>([])
  }
  let logged = Log()
  static let hidden = "Sign-up is not available now."

  func watched(hiding: String?) -> WatchedAccountStore {
    let logged = logged
    return WatchedAccountStore(inner, hiding: hiding) { line in
      logged.lines.withLock { $0.append(line) }
    }
  }

  @Test("over SSH a store's reason is hidden from the stranger and given to the log")
  func hidden() {
    let store = watched(hiding: Self.hidden)
    inner.fail(with: .unavailable("cannot open /var/lib/register/accounts.sqlite: disk I/O"))
    #expect(throws: AccountStoreError.unavailable(Self.hidden)) {
      try store.createAccount(login: "bobby", password: "Secret123")
    }
    inner.fail(with: .unreachable("could not connect to db1.internal:5432"))
    #expect(throws: AccountStoreError.unavailable(Self.hidden)) {
      try store.availability(of: "bobby")
    }
    #expect(store.lastFailureWasUnreachable)
    let lines = logged.lines.withLock { $0 }
    #expect(lines.count == 2)
    #expect(lines[0].contains("/var/lib/register/accounts.sqlite"))
    #expect(lines[1].contains("db1.internal:5432"))
  }

  @Test("what a person may be told passes: taken, throttled, a lock, the address limit")
  func notHidden() {
    let store = watched(hiding: Self.hidden)
    for error: AccountStoreError in [
      .loginTaken, .throttled(retryAfterSeconds: 5), .accountLocked(reason: "spam"),
      .addressLimitReached(limit: 3), .handOffFailed(accountRemoved: true),
    ] {
      inner.fail(with: error)
      #expect(throws: error) { try store.signIn(login: "alice", password: "Secret123") }
    }
    #expect(!store.lastFailureWasUnreachable)
    #expect(logged.lines.withLock { $0 }.isEmpty)
  }

  @Test("run by hand the reason is shown whole; a success forgets a server away")
  func byHand() throws {
    let store = watched(hiding: nil)
    let reason = AccountStoreError.unreachable("could not connect to db1.internal:5432")
    inner.fail(with: reason)
    #expect(throws: reason) { try store.isLoginTaken("bobby") }
    #expect(store.lastFailureWasUnreachable)
    inner.fail(with: nil)
    #expect(try !store.isLoginTaken("bobby"))
    #expect(!store.lastFailureWasUnreachable)
    #expect(logged.lines.withLock { $0 }.isEmpty)
  }

  @Test("the sentence in both languages, with the contact")
  func words() {
    #expect(Strings.english.signUpNotAvailable == Self.hidden)
    #expect(
      Strings.russian.signUpNotAvailable == "Регистрация недоступна.")
    #expect(
      Strings.english.withContactIfAny(Self.hidden, "admin@example.org")
        == Self.hidden + " (to write to this site: admin@example.org)")
    #expect(Strings.english.withContactIfAny(Self.hidden, nil) == Self.hidden)
  }
}
