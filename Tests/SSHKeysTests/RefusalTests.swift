import Foundation
import SSHKeys
import TestSupport
import Testing

/// Lines that are not a key this site takes, each refused for its own reason, and real
/// blobs broken on purpose (by hand, then by a seeded fuzz), refused without a crash.
@Suite("SSH public keys refused")
struct RefusalTests {
  /// A real ed25519 line and its blob's fields, made once per test.
  static func ed25519() throws -> (line: String, fields: [[UInt8]], keygen: Keygen) {
    let keygen = try Keygen()
    let line = try keygen.publicLine(try keygen.generate("ed25519"))
    let fields = Wire.fields(Wire.decode(line.split(separator: " ")[1]))
    return (line, fields, keygen)
  }

  @Test("the lines people paste that are not a key, each with its reason")
  func lines() throws {
    let (line, _, _) = try Self.ed25519()
    let key = line.trimmingCharacters(in: .whitespacesAndNewlines)
    let cases: [(String, SSHKeyRefusal)] = [
      ("", .empty),
      ("   \n", .empty),
      ("hello", .notAKey),
      ("AAAAC3NzaC1lZDI1NTE5AAAAIA", .notAKey),
      ("-----BEGIN SSH2 PUBLIC KEY-----", .notAKey),
      ("command=\"rm -rf /\" " + key, .options),
      ("no-pty,from=\"10.0.0.1\" " + key, .options),
      ("restrict " + key, .options),
      (key + "\n" + key, .severalLines),
      (key + "\nmore", .severalLines),
      (key + "\u{0}", .controlCharacter),
      ("ssh-ed25519\u{0} AAAA", .controlCharacter),
      (key + " alice\u{1B}[2J", .controlCharacter),
      (key + " alice\rbob", .controlCharacter),
      (key + " alice\u{85}", .controlCharacter),
      ("ssh-ed25519", .damaged),
      ("ssh-ed25519 AAAA!!!!", .damaged),
      (key + " " + String(repeating: "x", count: 1100), .tooLong),
      (key + " " + String(repeating: "x", count: 9000), .tooLong),
      ("ssh-rsa " + String(repeating: "A", count: 5000), .tooLong),
    ]
    for (text, refusal) in cases {
      #expect(throws: refusal, "\(text.debugDescription.prefix(60))") {
        try SSHPublicKey(line: text)
      }
    }
  }

  @Test("blanks around, tabs between, one line end, and a comment with spaces are all fine")
  func tolerated() throws {
    let (line, _, _) = try Self.ed25519()
    let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
    let key = try SSHPublicKey(line: "  \(parts[0])\t\(parts[1])  my key\tat home \r\n")
    #expect(key.comment == "my key\tat home")
    #expect(key == (try SSHPublicKey(line: line)))
    #expect(try SSHPublicKey(line: "\(parts[0]) \(parts[1])").comment == "")
  }

  @Test("a comment is kept as given and shown escaped")
  func comment() throws {
    let (line, _, _) = try Self.ed25519()
    let key = line.split(separator: " ").prefix(2).joined(separator: " ")
    let parsed = try SSHPublicKey(line: key + " évé \u{202E}txt.exe\\ 🔑")
    #expect(parsed.comment == "évé \u{202E}txt.exe\\ 🔑")
    #expect(parsed.displayComment == "évé \\u{202E}txt.exe\\\\ 🔑")
    #expect(parsed.keygenLine.contains("\\u{202E}"))
    #expect(!parsed.keygenLine.contains("\u{202E}"))
  }

  @Test("a blob broken by hand: truncated, lengths too big, type swapped, bytes after")
  func brokenBlobs() throws {
    let (_, fields, keygen) = try Self.ed25519()
    let blob = Wire.blob(fields)
    let ecdsa = Wire.fields(
      Wire.decode(try keygen.publicLine(try keygen.generate("ecdsa")).split(separator: " ")[1]))
    let rsa = Wire.fields(
      Wire.decode(
        try keygen.publicLine(try keygen.generate("rsa", bits: 2048)).split(separator: " ")[1]))
    var tooLong = blob
    tooLong[3] = 200
    var huge = blob
    huge[0] = 0xFF
    let broken: [(String, [UInt8])] = [
      ("ssh-ed25519", Array(blob.dropLast())),
      ("ssh-ed25519", Array(blob.prefix(3))),
      ("ssh-ed25519", tooLong),
      ("ssh-ed25519", huge),
      ("ssh-ed25519", blob + [0]),
      ("ssh-ed25519", Wire.blob([fields[0], fields[1] + [1]])),
      ("ssh-ed25519", Wire.blob([Array("ssh-rsa".utf8), fields[1]])),
      ("ecdsa-sha2-nistp256", blob),
      ("ecdsa-sha2-nistp256", Wire.blob([ecdsa[0], Array("nistp384".utf8), ecdsa[2]])),
      (
        "ecdsa-sha2-nistp384",
        Wire.blob([Array("ecdsa-sha2-nistp384".utf8), Array("nistp384".utf8), ecdsa[2]])
      ),
      ("ecdsa-sha2-nistp256", Wire.blob([ecdsa[0], ecdsa[1], [0x02] + ecdsa[2].dropFirst()])),
      ("ecdsa-sha2-nistp256", Wire.blob([ecdsa[0], ecdsa[1], Array(ecdsa[2].dropLast())])),
      // RSA: a negative modulus, a needless leading zero, an even exponent or modulus, e = 1.
      ("ssh-rsa", Wire.blob([rsa[0], rsa[1], Array(rsa[2].dropFirst())])),
      ("ssh-rsa", Wire.blob([rsa[0], rsa[1], [0] + rsa[2]])),
      ("ssh-rsa", Wire.blob([rsa[0], [0x01, 0x00, 0x00], rsa[2]])),
      ("ssh-rsa", Wire.blob([rsa[0], [0x01], rsa[2]])),
      ("ssh-rsa", Wire.blob([rsa[0], rsa[1], rsa[2].dropLast() + [rsa[2].last! & 0xFE]])),
      ("ssh-rsa", Wire.blob([rsa[0], rsa[1]])),
      ("ssh-rsa", Wire.blob(rsa) + [0]),
    ]
    for (type, bytes) in broken {
      #expect(throws: SSHKeyRefusal.damaged, "\(type) \(bytes.count) bytes") {
        try SSHPublicKey(line: "\(type) \(Wire.base64(bytes))")
      }
    }
    // And ssh-keygen agrees the hand-made ones are not keys (the first few suffice).
    for (type, bytes) in broken.prefix(7) {
      let path = "\(keygen.folder)/broken.pub"
      try "\(type) \(Wire.base64(bytes))\n".write(toFile: path, atomically: true, encoding: .utf8)
      let outcome = try ChildProcess.outcome(of: "/usr/bin/ssh-keygen", ["-l", "-f", path])
      #expect(outcome.status != 0)
    }
  }

  @Test("base64 that is not canonical: bits left over, padding in the middle or missing")
  func strictBase64() throws {
    // An ECDSA P-256 blob is 104 bytes: its base64 ends in one "=".
    let keygen = try Keygen()
    let line = try keygen.publicLine(try keygen.generate("ecdsa", bits: 256))
    let text = String(line.split(separator: " ")[1])
    try #require(text.hasSuffix("=") && !text.hasSuffix("=="))
    #expect(try SSHPublicKey(line: "ecdsa-sha2-nistp256 \(text)").base64 == text)
    // The last character before the padding, with one of its unused low bits set.
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var characters = Array(text)
    let last = characters.lastIndex(where: { $0 != "=" })!
    characters[last] = alphabet[alphabet.firstIndex(of: characters[last])! ^ 1]
    for bad in [
      String(characters), String(text.dropLast()), text + "====", "=" + text.dropFirst(),
      String(text.prefix(8)) + "=" + text.dropFirst(9),
      text.replacingOccurrences(of: "A", with: "-"),
    ] {
      #expect(throws: SSHKeyRefusal.damaged) {
        try SSHPublicKey(line: "ecdsa-sha2-nistp256 \(bad)")
      }
    }
  }

  @Test(
    "a seeded fuzz over real blobs: a mutation is refused or reads back as itself, never a crash")
  func fuzz() throws {
    let keygen = try Keygen()
    var generator = SeededGenerator(seed: 2207)
    var refused = 0
    for (type, bits) in [("ed25519", 0), ("ecdsa", 384), ("rsa", 2048)] {
      let line = try keygen.publicLine(try keygen.generate(type, bits: bits == 0 ? nil : bits))
      let name = String(line.split(separator: " ")[0])
      let blob = Wire.decode(line.split(separator: " ")[1])
      for _ in 0..<400 {
        var bytes = blob
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
        case 1:
          bytes += (0..<Int.random(in: 1...8, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
          }
        case 2:
          // A length field: the first four bytes of one of the fields.
          let index =
            [0, 4 + name.utf8.count].randomElement(using: &generator)!
            + Int.random(in: 0..<4, using: &generator)
          bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 3:
          bytes.insert(
            UInt8.random(in: 0...255, using: &generator),
            at: Int.random(in: 0...bytes.count, using: &generator))
        default:
          let index = Int.random(in: 0..<bytes.count, using: &generator)
          bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
        }
        var text = "\(name) \(Wire.base64(bytes))"
        if Int.random(in: 0..<8, using: &generator) == 0 {
          // Or the text itself: a character changed to anything, NUL and newlines included.
          var characters = Array(text.utf8)
          characters[Int.random(in: 0..<characters.count, using: &generator)] = UInt8.random(
            in: 0...127, using: &generator)
          text = String(decoding: characters, as: UTF8.self)
        }
        do {
          let key = try SSHPublicKey(line: text)
          // Taken: then it is exactly these bytes, of the outer type.
          #expect(key.type.name == name)
          #expect(key.authorizedKey == text.split(separator: " ").prefix(2).joined(separator: " "))
        } catch {
          refused += 1
        }
      }
    }
    // Cutting and adding bytes always break a blob: at least those were refused.
    #expect(refused > 400)
  }
}
