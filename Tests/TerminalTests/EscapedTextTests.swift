import Terminal
import Testing

/// Text from users is printed with what a terminal would act on, or hide, written out:
/// `\u{1B}` for ESC, `\\` for a backslash.
@Suite("Text escaped for the terminal")
struct EscapedTextTests {
  @Test(
    "controls, format characters and separators are written out",
    arguments: [
      ("ESC", "al\u{1B}ice", "al\\u{1B}ice"),
      ("OSC title change", "\u{1B}]0;PWNED\u{7}", "\\u{1B}]0;PWNED\\u{7}"),
      ("colour", "\u{1B}[31mred", "\\u{1B}[31mred"),
      ("NUL", "a\u{0}b", "a\\u{0}b"),
      ("tab, newline, return", "a\tb\nc\rd", "a\\u{9}b\\u{A}c\\u{D}d"),
      ("DEL", "a\u{7F}", "a\\u{7F}"),
      ("C1 CSI", "a\u{9B}31m", "a\\u{9B}31m"),
      ("C1 NEL", "a\u{85}b", "a\\u{85}b"),
      ("right-to-left override", "abc\u{202E}fdp.exe", "abc\\u{202E}fdp.exe"),
      (
        "bidi embeddings", "\u{202A}\u{202B}\u{202C}\u{202D}",
        "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"
      ),
      ("bidi isolates", "\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
      ("line separator", "a\u{2028}b", "a\\u{2028}b"),
      ("paragraph separator", "a\u{2029}b", "a\\u{2029}b"),
      ("zero width joiner between letters", "ad\u{200D}min", "ad\\u{200D}min"),
      ("zero width space", "ad\u{200B}min", "ad\\u{200B}min"),
      ("byte order mark", "\u{FEFF}root", "\\u{FEFF}root"),
      ("soft hyphen", "ro\u{AD}ot", "ro\\u{AD}ot"),
      ("private use", "a\u{E000}", "a\\u{E000}"),
      ("unassigned", "a\u{378}", "a\\u{378}"),
      ("noncharacter", "a\u{FFFF}", "a\\u{FFFF}"),
      ("a backslash", "a\\b", "a\\\\b"),
    ])
  func escaped(name: String, text: String, shown: String) {
    #expect(text.escapedForTerminal == shown, "\(name)")
  }

  @Test(
    "letters of any script, marks, emoji and spaces are left alone",
    arguments: [
      "alice", "Жора", "中文字", "한국어", "שלום", "مرحبا", "e\u{301}", "a\u{308}\u{304}",
      "A\u{336}", "👍", "👍🏽", "👨‍👩‍👧", "🇷🇺", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "1️⃣", "a b.c_d-e", "\u{FFFD}",
      "ﬁ", "Ω",
    ])
  func untouched(text: String) {
    #expect(text.escapedForTerminal == text)
  }

  @Test("what a user typed as an escape cannot pass for one")
  func noCollision() {
    #expect("\\u{1B}".escapedForTerminal == "\\\\u{1B}")
    #expect("\\u{1B}".escapedForTerminal != "\u{1B}".escapedForTerminal)
    #expect("\\\u{1B}".escapedForTerminal == "\\\\\\u{1B}")
  }

  @Test("a substring escapes the same way")
  func substring() {
    let text = "x\u{1B}y"
    #expect(text.dropFirst().escapedForTerminal == "\\u{1B}y")
  }

  /// Every code point, in runs of 256 (so each also sits after another, inside a
  /// grapheme where it may): nothing a terminal acts on survives.
  @Test("no control, format or separator character survives, for any code point")
  func everyCodePoint() {
    var survivors: [String] = []
    for start in stride(from: UInt32(0), through: 0x10FFFF, by: 256) {
      var text = String.UnicodeScalarView()
      for value in start..<(start + 256) {
        if let scalar = Unicode.Scalar(value) { text.append(scalar) }
      }
      if String(text).escapedForTerminal.unicodeScalars.contains(where: Self.isHostile) {
        survivors.append(String(start, radix: 16))
      }
    }
    #expect(survivors.isEmpty, "in the runs from \(survivors.prefix(20))")
  }

  /// An oracle that does not share the code under test: C0, DEL, C1, line and paragraph
  /// separators, the bidi controls.
  static func isHostile(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F,
      0x61C:
      true
    default: false
    }
  }
}
