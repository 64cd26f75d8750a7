import Registration
import Testing

@testable import register

/// The account screen's reading of a pasted line: the key as the store keeps it, or the
/// refusal in the person's words, never holding the pasted bytes.
@Suite("Pasted key reader")
struct PastedKeyReaderTests {
  // A public key made with ssh-keygen -t ed25519 for these tests.
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGkzkUcPi7xNdNDlUWoXWgN8p6A6k1oqaVDMlkwSqpK/ phone"

  @Test("a public key line: type, blob, comment and fingerprint as SSHKeys reads them")
  func key() throws {
    let read = pastedKeyReader(strings: .english)(Self.line)
    let key = try read.get()
    #expect(key.type == "ssh-ed25519")
    #expect(key.comment == "phone")
    // As `ssh-keygen -l` prints it for this line.
    #expect(key.fingerprint == "SHA256:KRiDZjxgfNzstpigoG1ubesC+C+MCcQn8ywawHK+qv8")
    #expect(Self.line.contains(key.base64))
  }

  @Test("a private key is refused in words, English and Russian, without its bytes")
  func privateKey() {
    let pasted = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
    for strings in [Strings.english, .russian] {
      guard case .failure(let refusal) = pastedKeyReader(strings: strings)(pasted) else {
        Issue.record("a private key was taken")
        continue
      }
      #expect(refusal.message == strings.keyRefusal(.privateKey))
      #expect(!refusal.message.contains("b3BlbnNzaC1rZXktdjEAAAAA"))
    }
  }
}
