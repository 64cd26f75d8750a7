import Registration
import Synchronization
import TestSupport
import Testing

@testable import Accounts

/// yescrypt, with each verification written down: the hash it was against and how many
/// bytes the password had.
final class CountingHasher: PasswordHasher {
  private let yescrypt = YescryptHasher()
  private let verifications = Mutex<[(hash: String, bytes: Int)]>([])

  func hash(_ password: String) throws(AccountStoreError) -> String {
    try yescrypt.hash(password)
  }

  func verify(_ password: String, against hash: String) -> Bool {
    verifications.withLock { $0.append((hash, password.utf8.count)) }
    return yescrypt.verify(password, against: hash)
  }

  /// The verifications since the last call.
  func taken() -> [(hash: String, bytes: Int)] {
    verifications.withLock { taken in
      defer { taken = [] }
      return taken
    }
  }
}

/// Timing must not tell a wrong login from a wrong password: every sign-in verifies
/// exactly one yescrypt hash, the account's or the decoy's, known login or not. Counted,
/// not timed.
@Suite("Account store: one verification per sign-in, on every engine")
struct VerificationCountTests {
  let hasher = CountingHasher()
  let clock = TestClock()

  func makeStore(_ engine: Engine) throws -> (store: AccountService, folder: TemporaryFolder?) {
    switch engine {
    case .sqlite:
      let folder = try TemporaryFolder()
      let store = try AccountService(
        path: folder.path("accounts.sqlite"), identity: policy, clock: clock.readNow,
        hasher: hasher)
      return (store, folder)
    case .postgres:
      let uri = try #require(PostgresURI(try PostgresServer.shared().makeDatabase()))
      return (
        try AccountService(uri: uri, identity: policy, clock: clock.readNow, hasher: hasher), nil
      )
    }
  }

  @Test("known login or not, right or wrong, one hash is verified", arguments: Engine.allCases)
  func oneVerification(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    let account = try store.createAccount(login: "alice", password: "Secret123")
    _ = hasher.taken()
    let tries: [(login: String, password: String, against: String)] = [
      ("alice", "Secret123", account.passwordHash),
      ("bob", "Secret123", PasswordHash.decoy),
      ("ALICE", "wrong", account.passwordHash),
      ("nobody", "wrong", PasswordHash.decoy),
      // No sign-up could make these: too long, against the rules, a NUL.
      (String(repeating: "e\u{301}", count: 65), "wrong", PasswordHash.decoy),
      ("two words", "wrong", PasswordHash.decoy),
      ("al\u{0}ice", "Secret123", PasswordHash.decoy),
    ]
    for (login, password, against) in tries {
      clock.advance(3600)  // no lock in the way
      _ = try store.signIn(login: login, password: password)
      let verified = hasher.taken()
      #expect(verified.count == 1, "\(login.prefix(12)): \(verified.count) verifications")
      #expect(verified.first?.hash == against, "\(login.prefix(12))")
    }
  }

  @Test(
    "a password too long to hash still costs a verification, of a stand-in against the decoy",
    arguments: Engine.allCases)
  func longPassword(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    _ = try store.createAccount(login: "alice", password: "Secret123")
    _ = hasher.taken()
    for login in ["alice", "nobody"] {
      clock.advance(3600)
      #expect(try store.signIn(login: login, password: String(repeating: "p", count: 512)) == nil)
      let verified = hasher.taken()
      #expect(verified.count == 1)
      // Short enough for crypt(3) to do the whole work, not refuse at once.
      #expect(verified.first.map { $0.bytes <= PasswordHash.longestPassword } == true)
      #expect(verified.first?.hash == PasswordHash.decoy)
    }
  }

  @Test("a locked login verifies nothing", arguments: Engine.allCases)
  func lockedVerifiesNothing(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    _ = try store.createAccount(login: "alice", password: "Secret123")
    for _ in 0..<3 { _ = try store.signIn(login: "alice", password: "wrong") }
    _ = hasher.taken()
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 1)) {
      try store.signIn(login: "alice", password: "Secret123")
    }
    #expect(hasher.taken().isEmpty)
  }
}
