import Registration
import Testing

@testable import register

/// `--json` after a sign-up with SSH keys: the fingerprints of the keys its account was
/// made with, last; nothing when none.
@Suite("Report: keys")
struct ReportKeysTests {
  static let fingerprint = "SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"
  static let account = CreatedAccount(
    login: "alice", passwordHash: "$y$j9T$salt$hash", createdAt: "2026-12-01T12:00:00Z",
    keys: [
      AccountKey(
        type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIA", comment: "alice@laptop",
        fingerprint: fingerprint, addedAt: "2026-12-01T12:00:00Z")
    ])

  @Test("a sign-up with a key lists its fingerprint; one without has no \"keys\"")
  func keys() {
    #expect(
      Report(
        .signedUp(Self.account), heldSignal: nil, json: true, strings: .english, idleTimeout: nil
      ).output
        == #"{"login":"alice","password_hash":"$y$j9T$salt$hash","created_at":"2026-12-01T12:00:00Z","state":"active","keys":["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"]}"#
    )
    #expect(
      Report(
        .signedUp(ReportTests.account), heldSignal: nil, json: true, strings: .english,
        idleTimeout: nil
      ).output?.contains("keys") == false)
    // A person reads the usual line.
    #expect(
      Report(
        .signedUp(Self.account), heldSignal: nil, json: false, strings: .english, idleTimeout: nil
      ).output == "Account alice created.")
  }

  @Test("a sign-up reported after a signal waited lists its keys too")
  func keysAfterSignal() {
    let report = Report(
      .terminated(signal: 15, completed: .signedUp(Self.account)), heldSignal: nil, json: true,
      strings: .english, idleTimeout: nil)
    #expect(report.output?.hasSuffix(#","keys":["\#(Self.fingerprint)"]}"#) == true)
    #expect(report.status == 128 + 15)
  }
}
