import Registration
import TestSupport
import Testing

@testable import Accounts

/// An account made without a password (site `password = off`): `!` stored, which no
/// password matches; a sign-in by password is told the account signs in with its key,
/// and costs one verification of the decoy, never of `!`. Counted, not timed.
@Suite("Account store: accounts without a password, on every engine")
struct AccountWithoutPasswordTests {
  let hasher = CountingHasher()
  let clock = TestClock()
  static let key = AccountKey(
    type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIwithout", comment: "",
    fingerprint: "SHA256:without")

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

  func signUp(_ login: String = "alice", keys: [AccountKey] = [key]) -> SignUp {
    SignUp(withoutPasswordLogin: login, details: SignUpDetails(keys: keys))
  }

  @Test("stored with `!` and its key; nothing is hashed", arguments: Engine.allCases)
  func stored(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    let made = try store.createAccount(signUp())
    #expect(made.passwordHash == "!")
    #expect(try store.table.find(key: policy.identityKey("alice")).map(\.hash) == ["!"])
    #expect(try store.keys(of: "alice").map(\.fingerprint) == ["SHA256:without"])
    #expect(hasher.taken().isEmpty)
    // Its key signs it in.
    #expect(try store.signIn(withKeyFingerprint: "SHA256:without")?.login == "alice")
  }

  @Test("no account without a password and without a key", arguments: Engine.allCases)
  func needsAKey(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    #expect(throws: AccountStoreError.self) { try store.createAccount(signUp(keys: [])) }
    #expect(try store.availability(of: "alice") == .free)
  }

  @Test(
    "any password, `!` and the empty one too: told in words, the decoy verified, never `!`",
    arguments: Engine.allCases)
  func signInByPassword(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    _ = try store.createAccount(signUp())
    for password in ["", "!", "Secret123", "wrong"] {
      clock.advance(3600)  // no lock in the way
      #expect(throws: AccountStoreError.signsInWithKey) {
        try store.signIn(login: "alice", password: password)
      }
      let verified = hasher.taken()
      #expect(verified.count == 1)
      #expect(verified.first?.hash == PasswordHash.decoy)
    }
    #expect(
      AccountStoreError.signsInWithKey.description(in: .english)
        == "This account has no password: it signs in with its SSH key.")
    #expect(
      AccountStoreError.signsInWithKey.description(in: .russian)
        == "У этого аккаунта нет пароля: вход — по его SSH-ключу.")
    #expect(AccountStoreError.signsInWithKey.refusesAccount)
  }

  @Test("no password to change: refused as at sign-in, nothing stored", arguments: Engine.allCases)
  func changePassword(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    _ = try store.createAccount(signUp())
    #expect(throws: AccountStoreError.signsInWithKey) {
      try store.changePassword(login: "alice", currentPassword: "", newPassword: "Zq7vLm2pR")
    }
    #expect(try store.table.find(key: policy.identityKey("alice")).map(\.hash) == ["!"])
  }

  @Test("the sign-in by password is throttled as any other", arguments: Engine.allCases)
  func throttled(engine: Engine) throws {
    let (store, folder) = try makeStore(engine)
    defer { _ = folder }
    _ = try store.createAccount(signUp())
    for _ in 0..<3 { _ = try? store.signIn(login: "alice", password: "guess") }
    _ = hasher.taken()
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 1)) {
      try store.signIn(login: "alice", password: "guess")
    }
    #expect(hasher.taken().isEmpty)
  }
}
