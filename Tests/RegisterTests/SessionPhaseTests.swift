import Registration
import Testing

@testable import register

/// Whether a session goes on to the account screen, and how it was signed in: decided once,
/// from the configuration and what the first screens or the connecting key gave.
@Suite("Session phase: signed in by key or by password")
struct SessionPhaseTests {
  static let alice = SignedInAccount(login: "alice", signedInAt: "2026-12-02T05:00:00Z")
  static let key = AccountKey(
    type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIA", comment: "",
    fingerprint: "SHA256:alice")

  static func configuration(_ arguments: [String] = [], site: String = "keys = optional")
    throws -> Configuration
  {
    try SiteConfigurationTests.run(arguments, site: site, SiteConfigurationTests.ssh)
  }

  /// The store's answer for the one fingerprint it knows, counting the questions asked.
  final class KeyLookup {
    var asked: [String] = []
    func signIn(_ fingerprint: String) throws(AccountStoreError) -> SignedInAccount? {
      asked.append(fingerprint)
      return fingerprint == SessionPhaseTests.key.fingerprint ? SessionPhaseTests.alice : nil
    }
  }

  @Test("over SSH with keys, the connecting key of an account signs it in by key")
  func byKey() throws {
    let lookup = KeyLookup()
    #expect(
      SessionPhase.byKey(Self.key, try Self.configuration(), signIn: lookup.signIn)
        == .signedIn(Self.alice, by: .key))
    #expect(lookup.asked == [Self.key.fingerprint])
  }

  @Test(
    "no key sign-in without SSH, without keys, for --change-password or --reset",
    arguments: [
      ([], "keys = optional", false), ([], "keys = off", true),
      (["--change-password"], "keys = optional", true), (["--reset"], "keys = optional", true),
    ] as [([String], String, Bool)])
  func noKeySignIn(arguments: [String], site: String, overSSH: Bool) throws {
    let lookup = KeyLookup()
    let configuration =
      overSSH
      ? try Self.configuration(arguments, site: site)
      : try SiteConfigurationTests.run(arguments, site: site)
    #expect(SessionPhase.byKey(Self.key, configuration, signIn: lookup.signIn) == nil)
    #expect(lookup.asked.isEmpty)
  }

  @Test("a key no account has, or a store that cannot answer, signs nobody in")
  func unknownKey() throws {
    let other = AccountKey(type: "ssh-ed25519", base64: "AAAA", comment: "", fingerprint: "x")
    #expect(SessionPhase.byKey(other, try Self.configuration(), signIn: KeyLookup().signIn) == nil)
    #expect(SessionPhase.byKey(nil, try Self.configuration(), signIn: KeyLookup().signIn) == nil)
    #expect(
      SessionPhase.byKey(Self.key, try Self.configuration()) { _ throws(AccountStoreError) in
        throw .unreachable("connection refused")
      } == nil)
  }

  @Test("a sign-in by password goes on to the account where accounts are managed")
  func byPassword() throws {
    #expect(
      SessionPhase(after: .signedIn(Self.alice), try Self.configuration())
        == .signedIn(Self.alice, by: .password))
    #expect(
      SessionPhase(after: .signedIn(Self.alice), try Self.configuration(site: "keys = off"))
        == .ended(.signedIn(Self.alice)))
    #expect(SessionPhase(after: .cancelled, try Self.configuration()) == .ended(.cancelled))
  }
}
