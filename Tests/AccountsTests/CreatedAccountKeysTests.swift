import Accounts
import Registration
import Testing

/// The account a sign-up returns carries its keys as they were stored: what `--json`
/// lists, with no other source to fall out of step with.
@Suite("A created account carries its keys as stored, on every engine")
struct CreatedAccountKeysTests {
  private static func key(_ name: String) -> AccountKey {
    AccountKey(
      type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAI" + name, comment: name + "@laptop",
      fingerprint: "SHA256:" + name)
  }

  @Test("the keys it was made with, each once, added when it was made", arguments: Engine.allCases)
  func keysAsStored(engine: Engine) throws {
    let store = try engine.makeStore()
    let made = try store.createAccount(
      SignUp(
        login: "alice", password: "Zq7vLm2pR",
        details: SignUpDetails(keys: [Self.key("one"), Self.key("two"), Self.key("one")])))
    #expect(made.keys.map(\.fingerprint) == ["SHA256:one", "SHA256:two"])
    #expect(made.keys == (try store.service.keys(of: "alice")))
    #expect(made.keys.allSatisfy { $0.addedAt == made.createdAt })
  }

  @Test("a sign-up without keys makes an account without keys", arguments: Engine.allCases)
  func noKeys(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(try store.createAccount(login: "bob", password: "Zq7vLm2pR").keys.isEmpty)
  }
}
