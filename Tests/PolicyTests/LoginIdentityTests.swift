import Policy
import Registration
import Testing

/// When two logins are one account (identity) and when they only look alike (skeleton).
@Suite("Login identity and lookalikes")
struct LoginIdentityTests {
  let policy = UnicodeLoginPolicy()

  @Test("a login is stored in NFC: é typed decomposed is stored composed")
  func normalized() {
    let stored = policy.normalized("jose\u{301}")
    #expect(Array(stored.unicodeScalars) == ["j", "o", "s", "\u{E9}"])
    #expect(Array(policy.normalized("Жора").utf8) == Array("Жора".utf8))
  }

  @Test(
    "one account: composed and decomposed, case, ß and ss, full-width",
    arguments: [
      ("jos\u{E9}", "jose\u{301}"), ("josé", "JOSÉ"), ("Straße", "STRASSE"), ("straße", "strasse"),
      ("ＡＬＩＣＥ", "alice"), ("ａｌｉｃｅ", "Alice"), ("Жора", "ЖОРА"),
    ])
  func sameIdentity(one: String, other: String) {
    #expect(policy.identityKey(one) == policy.identityKey(other))
  }

  @Test(
    "different accounts",
    arguments: [("alice", "alicf"), ("josé", "jose"), ("Rооt", "root"), ("ian", "lan")])
  func differentIdentity(one: String, other: String) {
    #expect(policy.identityKey(one) != policy.identityKey(other))
  }

  @Test("the identity key is the NFKC case fold")
  func identityKey() {
    #expect(policy.identityKey("Straße") == "strasse")
    #expect(policy.identityKey("ＡＢＣ") == "abc")
  }

  @Test(
    "lookalikes share a skeleton, whatever their case",
    arguments: [
      ("R\u{43E}\u{43E}t", "root"), ("r\u{43E}\u{43E}t", "root"), ("p\u{430}ypal", "paypal"),
      ("Ian", "lan"), ("user1", "userl"), ("r00t", "root"), ("ｒｏｏｔ", "root"), ("ROOT", "root"),
    ])
  func lookalikes(one: String, other: String) {
    #expect(policy.skeleton(one) == policy.skeleton(other))
  }

  @Test("logins that do not look alike have different skeletons")
  func notLookalikes() {
    #expect(policy.skeleton("alice") != policy.skeleton("alina"))
    #expect(policy.skeleton("Жора") != policy.skeleton("Жара"))
  }
}
