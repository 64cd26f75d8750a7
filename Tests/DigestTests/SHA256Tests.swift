import Digest
import Foundation
import TestSupport
import Testing

@Suite("SHA-256, held against sha256sum")
struct SHA256Tests {
  @Test("FIPS 180-4's examples")
  func examples() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("every length around the block boundaries, and text of every width, as sha256sum has it")
  func againstSystem() throws {
    var generator = SeededGenerator(seed: 19)
    let alphabet = Array("aZ9_.é中👍🏽\u{301}")
    var texts = (0..<140).map { String(repeating: "x", count: $0) }
    texts += (0..<20).map { _ in
      String(
        (0..<Int.random(in: 1...300, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
    }
    for text in texts {
      #expect(SHA256.hex(text) == (try sha256sum(text)), "\(text.utf8.count) bytes")
    }
  }
}

/// The system's SHA-256 of `text`, in hexadecimal.
private func sha256sum(_ text: String) throws -> String {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("sha256-\(UUID().uuidString)").path
  defer { try? FileManager.default.removeItem(atPath: file) }
  try Data(text.utf8).write(to: URL(fileURLWithPath: file))
  return String(try ChildProcess.run("/usr/bin/sha256sum", [file]).prefix(64))
}
