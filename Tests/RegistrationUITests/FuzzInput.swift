import Terminal
import TestSupport

/// Text a person might type or paste, in many scripts.
enum FuzzText {
  static let graphemes: [String] = [
    "a", "Z", "7", " ", "_", "@", ".", "-", "Ж", "щ", "É", "ß", "中", "文", "한", "ｱ", "👍", "👍🏽",
    "👨‍👩‍👧", "🇷🇺", "e\u{301}", "a\u{308}\u{304}", "ש", "ع", "ไ", "\u{0336}", "\u{200D}", "\u{FE0F}",
    "Ω", "ǅ", "ﬁ", "İ",
  ]

  static func text(_ random: inout SeededGenerator, count: Int) -> String {
    var text = ""
    for _ in 0..<count {
      if Int.random(in: 0..<12, using: &random) == 0 {
        text += ["\t", "\n", "\r\n", "\u{7}", "\u{1B}"].randomElement(using: &random)!
      } else {
        text += graphemes.randomElement(using: &random)!
      }
    }
    return text
  }
}

/// Bytes a hostile terminal (or a person pasting anything) can send: controls, invalid
/// UTF-8, sequences that never end, numbers too large for anything, the largest pastes.
enum HostileBytes {
  static let pasteStart = Array("\u{1B}[200~".utf8)
  static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// Numbers for every numeric field of a sequence: ordinary, huge, overflowing Int64 and
  /// UInt64, signed, empty, padded.
  static let numbers = [
    "0", "1", "5", "12", "200", "65535", "65536", "99999999999", "9223372036854775807",
    "9223372036854775808", "18446744073709551616", "-1", "-9223372036854775808", "",
    "0000000000000000000000000000001", "9999999999999999999999999",
  ]

  /// Bidi controls and other format characters, as UTF-8.
  static let bidi = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
    "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ]
  .map { Array($0.utf8) }

  static func number(_ random: inout SeededGenerator) -> String {
    numbers.randomElement(using: &random)!
  }

  /// One hostile piece. `huge` allows the largest pastes (a megabyte or two);
  /// `interrupts` allows a Ctrl-C byte.
  static func piece(_ random: inout SeededGenerator, huge: Bool = false, interrupts: Bool = true)
    -> [UInt8]
  {
    func n() -> String { number(&random) }
    switch Int.random(in: 0..<24, using: &random) {
    case 0: return [0x00]
    case 1: return [UInt8.random(in: 0x00...0x1F, using: &random)]
    case 2: return [UInt8.random(in: 0x80...0x9F, using: &random)]  // C1, raw
    case 3: return [0xC2, UInt8.random(in: 0x80...0x9F, using: &random)]  // C1 as UTF-8
    case 4: return bidi.randomElement(using: &random)!
    case 5:
      return [[0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xB0, 0x80]].randomElement(
        using: &random)!
    case 6:
      return Array("\u{1B}[<\(n());\(n());\(n())\(Bool.random(using: &random) ? "M" : "m")".utf8)
    case 7: return Array("\u{1B}[\(n());\(n())\("ABCDHFPQRSZ".randomElement(using: &random)!)".utf8)
    case 8: return Array("\u{1B}[\(n())~".utf8)
    case 9: return Array("\u{1B}[\(n());\(n())~".utf8)
    case 10: return pasteStart  // often never ended
    case 11: return pasteEnd
    case 12:  // a CSI that goes on and on
      return Array("\u{1B}[".utf8)
        + Array(String(repeating: "1;", count: Int.random(in: 1...100, using: &random)).utf8)
    case 13:  // an OSC, DCS, SOS, PM or APC string, perhaps never ended
      let introducer = "]PX^_".randomElement(using: &random)!
      return Array("\u{1B}\(introducer)".utf8)
        + Array(FuzzText.text(&random, count: Int.random(in: 0...40, using: &random)).utf8)
    case 14:
      return [[0x07], Array("\u{1B}\\".utf8), [0x1B], Array("\u{1B}O".utf8)].randomElement(
        using: &random)!
    case 15:
      return huge ? largestPaste(&random) : pasteStart + Array("pasted".utf8) + pasteEnd
    case 16: return [UInt8.random(in: 0...255, using: &random)]
    case 17 where interrupts: return [0x03]
    default: return Array(FuzzText.text(&random, count: Int.random(in: 1...6, using: &random)).utf8)
    }
  }

  /// The largest pastes: just under the capacity, at it, just over it, or twice it; ended
  /// or not; with a tab, a newline and Cyrillic in them.
  static func largestPaste(_ random: inout SeededGenerator) -> [UInt8] {
    let size =
      InputDecoder.pasteCapacity
      + [-1, 0, 1, InputDecoder.pasteCapacity].randomElement(using: &random)!
    var body = [UInt8](repeating: UInt8(ascii: "x"), count: size)
    body.replaceSubrange(0..<6, with: Array("\tЖ\nж".utf8))
    return pasteStart + body + (Bool.random(using: &random) ? pasteEnd : [])
  }
}
