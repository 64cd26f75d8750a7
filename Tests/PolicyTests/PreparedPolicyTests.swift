@_spi(Testing) import Policy
import Registration
import Testing

/// What the first Login key and the first lookup would work out, done before the typing.
@Suite("A login policy prepared at start")
struct PreparedPolicyTests {
  @Test("prepare works out the reserved names' keys: the first lookup works out none")
  func firstLookupFindsThemReady() {
    let policy = UnicodeLoginPolicy()
    policy.prepare()
    let prepared = policy.namesWorkedOut
    #expect(prepared == ReservedNames.builtIn.count)
    #expect(policy.reservation(of: "alice") == nil)
    #expect(policy.reservation(of: "R\u{43E}\u{43E}t") == .reserved)
    #expect(policy.namesWorkedOut == prepared, "the lookups worked out nothing again")
  }

  @Test("a prepared policy answers as one that was not")
  func sameAnswers() {
    let prepared = UnicodeLoginPolicy()
    prepared.prepare()
    let fresh = UnicodeLoginPolicy()
    for login in ["alice", "root", "d\u{43E}cker", "p\u{430}ypal", "a b", "ｒｏｏｔ"] {
      #expect(prepared.validate(login) == fresh.validate(login), "\(login)")
      #expect(prepared.reservation(of: login) == fresh.reservation(of: login), "\(login)")
      #expect(prepared.identityKey(login) == fresh.identityKey(login), "\(login)")
    }
  }
}
