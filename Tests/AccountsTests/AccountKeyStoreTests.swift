import Accounts
import Registration
import Testing

/// A key as the form makes one, with a fingerprint of its own (the store keeps them as
/// given; SSHKeysTests hold the fingerprints against ssh-keygen).
private func key(_ name: String, comment: String = "") -> AccountKey {
  AccountKey(
    type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAI" + name, comment: comment,
    fingerprint: "SHA256:" + name)
}

@Suite("Accounts keep SSH keys, one account's each, on every engine")
struct AccountKeyStoreTests {
  @Test("a sign-up's keys are stored with the account, oldest first", arguments: Engine.allCases)
  func signUpKeys(engine: Engine) throws {
    let store = try engine.makeStore()
    let made = try store.createAccount(
      SignUp(
        login: "alice", password: "Zq7vLm2pR",
        details: SignUpDetails(keys: [key("one", comment: "laptop"), key("two")])))
    let keys = try store.service.keys(of: "ALICE")
    #expect(keys.map(\.fingerprint) == ["SHA256:one", "SHA256:two"])
    #expect(keys.first?.comment == "laptop")
    #expect(keys.first?.base64 == key("one").base64)
    #expect(keys.allSatisfy { $0.addedAt == made.createdAt })
    #expect(try store.service.keys(of: "nobody").isEmpty)
  }

  @Test(
    "a sign-up bringing a key another account has is refused, and nothing is made",
    arguments: Engine.allCases)
  func signUpKeyTaken(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(
      SignUp(login: "alice", password: "Zq7vLm2pR", details: SignUpDetails(keys: [key("one")])))
    #expect(throws: AccountStoreError.keyTaken) {
      try store.createAccount(
        SignUp(
          login: "bob", password: "Zq7vLm2pR",
          details: SignUpDetails(keys: [key("two"), key("one")])))
    }
    #expect(try store.availability(of: "bob") == .free)
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:two") == nil)
    // The same key twice in one sign-up is kept once.
    _ = try store.createAccount(
      SignUp(
        login: "carol", password: "Zq7vLm2pR",
        details: SignUpDetails(keys: [key("three"), key("three")])))
    #expect(try store.service.keys(of: "carol").map(\.fingerprint) == ["SHA256:three"])
  }

  @Test("keys added and removed, each in the audit log", arguments: Engine.allCases)
  func addAndRemove(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    _ = try store.createAccount(login: "bob", password: "Zq7vLm2pR")
    try store.service.addKey(key("one"), to: "Alice")
    #expect(try store.service.keys(of: "alice").map(\.fingerprint) == ["SHA256:one"])
    #expect(try store.service.keys(of: "alice").first?.addedAt.isEmpty == false)
    // A fingerprint is one account's, whoever asks.
    #expect(throws: AccountStoreError.keyTaken) { try store.service.addKey(key("one"), to: "bob") }
    #expect(throws: AccountStoreError.keyTaken) {
      try store.again().addKey(key("one"), to: "alice")
    }
    #expect(try store.service.removeKey(fingerprint: "SHA256:one", from: "bob") == false)
    #expect(try store.service.removeKey(fingerprint: "SHA256:one", from: "alice"))
    #expect(try store.service.removeKey(fingerprint: "SHA256:one", from: "alice") == false)
    #expect(try store.service.keys(of: "alice").isEmpty)
    // Free again: another account may have it.
    try store.service.addKey(key("one"), to: "bob")
    var rows: [AuditEntry] = []
    try store.service.forEachAuditEntry(since: nil) { rows.append($0) }
    let keyRows = rows.filter { $0.action == .keyAdded || $0.action == .keyRemoved }
    #expect(keyRows.map(\.action) == [.keyAdded, .keyRemoved, .keyAdded])
    #expect(keyRows.map(\.login) == ["alice", "alice", "bob"])
    #expect(keyRows.map(\.detail) == ["SHA256:one", "SHA256:one", "SHA256:one"])
  }

  @Test("only an active account is given a key, or signed in with one", arguments: Engine.allCases)
  func activeOnly(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(
      SignUp(login: "alice", password: "Zq7vLm2pR", details: SignUpDetails(keys: [key("one")])))
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:one")?.login == "alice")
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:none") == nil)
    #expect(try store.service.lock("alice", reason: nil, by: "root") == .changed)
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:one") == nil)
    #expect(throws: AccountStoreError.self) { try store.service.addKey(key("two"), to: "alice") }
    #expect(throws: AccountStoreError.self) { try store.service.addKey(key("two"), to: "nobody") }
    #expect(try store.service.keys(of: "alice").map(\.fingerprint) == ["SHA256:one"])
  }

  @Test(
    "sshd is given an active account's keys, by the login exactly, and nothing else",
    arguments: Engine.allCases)
  func authorizedKeys(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(
      SignUp(
        login: "alice", password: "Zq7vLm2pR",
        details: SignUpDetails(keys: [key("one"), key("two")])))
    #expect(
      try store.service.authorizedKeys(login: "alice").map(\.fingerprint) == [
        "SHA256:one", "SHA256:two",
      ])
    // The Unix user name is the login as stored: another spelling is no one.
    #expect(try store.service.authorizedKeys(login: "ALICE").isEmpty)
    #expect(try store.service.authorizedKeys(login: "nobody").isEmpty)
    #expect(try store.service.authorizedKeys(login: "").isEmpty)
    #expect(try store.service.lock("alice", reason: nil, by: "root") == .changed)
    #expect(try store.service.authorizedKeys(login: "alice").isEmpty)
    #expect(try store.service.unlock("alice", by: "root") == .changed)
    #expect(try store.again().authorizedKeys(login: "alice").count == 2)
  }

  @Test("a pending account's keys are not given to sshd", arguments: Engine.allCases)
  func pendingKeys(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    _ = try store.createAccount(
      SignUp(login: "alice", password: "Zq7vLm2pR", details: SignUpDetails(keys: [key("one")])))
    #expect(try store.service.authorizedKeys(login: "alice").isEmpty)
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:one") == nil)
    #expect(try store.service.approve("alice", by: "root") == .changed)
    #expect(try store.service.authorizedKeys(login: "alice").count == 1)
  }

  @Test("a deleted account's keys go with it", arguments: Engine.allCases)
  func deletedKeys(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(
      SignUp(login: "alice", password: "Zq7vLm2pR", details: SignUpDetails(keys: [key("one")])))
    #expect(try store.service.delete("alice", by: "root") != nil)
    #expect(try store.service.signIn(withKeyFingerprint: "SHA256:one") == nil)
    _ = try store.createAccount(
      SignUp(login: "bob", password: "Zq7vLm2pR", details: SignUpDetails(keys: [key("one")])))
    #expect(try store.service.keys(of: "bob").count == 1)
  }
}
