@_spi(Testing) import Policy
import Registration
import Testing

/// When ICU fails (its data missing, say), a login is refused and its keys are never the
/// raw text: `Alice` and `alice`, or `paypal` and `pаypal` (Cyrillic а), would otherwise
/// pass as different accounts.
@Suite("Logins: ICU failing fails closed")
struct ICUFailureTests {
  /// ICU's U_MISSING_RESOURCE_ERROR, as when libicudata cannot be found.
  static let missingData: Int32 = 2
  let failing = UnicodeLoginPolicy(reserved: ReservedNames([]), icuFailure: Self.missingData)
  let working = UnicodeLoginPolicy(reserved: ReservedNames([]))

  @Test("every login is refused as not available", arguments: ["alice", "Жора", "pаypal"])
  func refused(login: String) {
    #expect(failing.reservation(of: login) == .reserved)
    #expect(working.reservation(of: login) == nil)
  }

  @Test("the keys are the unavailable key, never the raw text", arguments: ["Alice", "pаypal"])
  func keys(login: String) {
    #expect(failing.identityKey(login) == UnicodeLoginPolicy.unavailableKey)
    #expect(failing.skeleton(login) == UnicodeLoginPolicy.unavailableKey)
    #expect(working.identityKey(login) != UnicodeLoginPolicy.unavailableKey)
    #expect(working.skeleton(login) != UnicodeLoginPolicy.unavailableKey)
  }

  @Test("reserved names whose keys ICU cannot work out hold every login back")
  func reservedList() {
    let policy = UnicodeLoginPolicy(
      reserved: ReservedNames(["admin"]), icuFailure: Self.missingData)
    #expect(policy.reservation(of: "bob") == .reserved)
  }
}
