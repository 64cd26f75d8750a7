import Foundation
import JSONText
import Testing

@testable import register

/// The JSON result line: valid JSON for any login, with nothing in it a terminal acts on
/// or JavaScript reads as the end of a line.
@Suite("JSON result")
struct JSONTests {
  /// C0, DEL, C1, and the two separators JavaScript takes for line ends.
  static let escapedRanges: [ClosedRange<UInt32>] = [0...0x1F, 0x7F...0x9F, 0x2028...0x2029]

  @Test("every control and separator is written as \\uXXXX, and parses back whole")
  func controls() throws {
    var wrong: [String] = []
    for range in Self.escapedRanges {
      for value in range {
        let login = "a" + String(Unicode.Scalar(value)!) + "b"
        let line = JSON.object(["login": login])
        let printable = line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        let parsed = try Self.parse(line)["login"]
        if !printable || parsed != login {
          wrong.append(String(value, radix: 16))
        }
      }
    }
    #expect(wrong.isEmpty, "U+\(wrong.prefix(20))")
  }

  @Test("the form of the escapes")
  func form() {
    #expect(JSON.string("\u{1B}]0;x\u{7}") == #""\u001b]0;x\u0007""#)
    #expect(JSON.string("\u{7F}\u{85}\u{9B}\u{9F}") == #""\u007f\u0085\u009b\u009f""#)
    #expect(JSON.string("a\u{2028}b\u{2029}") == #""a\u2028b\u2029""#)
    #expect(JSON.string("\"\\\n\r\t") == #""\"\\\n\r\t""#)
  }

  @Test("format characters, private use and unassigned code points are escaped too")
  func invisible() throws {
    #expect(JSON.string("a\u{202E}b\u{200D}c") == #""a\u202eb\u200dc""#)
    #expect(JSON.string("\u{E0001}\u{E000}\u{378}") == #""\udb40\udc01\ue000\u0378""#)
    let login = "x\u{202E}\u{E0001}\u{FEFF}\u{10FFFF}"
    #expect(try Self.parse(JSON.object(["login": login]))["login"] == login)
  }

  @Test("letters, marks and emoji pass as they are and parse back")
  func ordinary() throws {
    let login = "Жора中文👍🏽🇷🇺e\u{301}\u{A0}"
    let line = JSON.object(["login": login, "password_hash": "$y$j9T$abc/def"])
    #expect(line == "{\"login\":\"\(login)\",\"password_hash\":\"$y$j9T$abc/def\"}")
    let parsed = try Self.parse(line)
    #expect(parsed["login"] == login)
    #expect(parsed["password_hash"] == "$y$j9T$abc/def")
  }

  static func parse(_ line: String) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return object as? [String: String] ?? [:]
  }
}
