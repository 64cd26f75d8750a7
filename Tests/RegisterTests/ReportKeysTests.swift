import Registration
import Testing

@testable import register

/// `--json` after a sign-up with SSH keys: their fingerprints, last; nothing when none.
@Suite("Report: keys")
struct ReportKeysTests {
  @Test("a sign-up with a key lists its fingerprint; one without has no \"keys\"")
  func keys() {
    let account = ReportTests.account
    let fingerprint = "SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"
    #expect(
      Report(
        .signedUp(account), heldSignal: nil, json: true, strings: .english, idleTimeout: nil,
        keys: [fingerprint]
      ).output
        == #"{"login":"alice","password_hash":"$y$j9T$salt$hash","created_at":"2026-12-01T12:00:00Z","state":"active","keys":["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"]}"#
    )
    #expect(
      Report(
        .signedUp(account), heldSignal: nil, json: true, strings: .english, idleTimeout: nil
      ).output?.contains("keys") == false)
    // A person reads the usual line.
    #expect(
      Report(
        .signedUp(account), heldSignal: nil, json: false, strings: .english, idleTimeout: nil,
        keys: [fingerprint]
      ).output == "Account alice created.")
  }
}
