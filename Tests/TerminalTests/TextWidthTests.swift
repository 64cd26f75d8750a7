import Glibc
import Terminal
import Testing

@Suite("TextWidth: graphemes")
struct TextWidthCharacterTests {
  @Test(
    arguments: [
      ("ASCII letter", "A", 1),
      ("ASCII space", " ", 1),
      ("Cyrillic", "Ж", 1),
      ("CJK", "中", 2),
      ("Hangul syllable", "한", 2),
      ("fullwidth A", "Ａ", 2),
      ("emoji", "👍", 2),
      ("emoji with skin tone", "👍🏽", 2),
      ("ZWJ family", "👨‍👩‍👧", 2),
      ("e + combining acute", "e\u{301}", 1),
      ("struck letter", "A\u{336}", 1),
      ("lone combining mark", "\u{301}", 1),
    ] as [(String, Character, Int)])
  func characterWidth(name: String, character: Character, width: Int) {
    #expect(TextWidth.columns(of: character) == width, "\(name)")
  }

  @Test(
    arguments: ["\u{0}", "\u{1B}", "\n", "\r\n", "\t", "\u{7F}", "\u{85}", "\u{9F}"] as [Character])
  func controlCharacterHasNoWidth(character: Character) {
    #expect(TextWidth.columns(of: character) == 0)
  }
}

@Suite("TextWidth: code points")
struct TextWidthScalarTests {
  @Test(
    arguments: [
      ("A", 1), ("Ж", 1), ("中", 2), ("한", 2), ("👍", 2),
      ("\u{301}", 0),  // combining acute accent
      ("\u{336}", 0),  // combining long stroke overlay
      ("\u{200D}", 0),  // zero width joiner
      ("\u{200B}", 0),  // zero width space
      ("\u{1F3FD}", 2),  // skin tone modifier on its own
    ] as [(Unicode.Scalar, Int)])
  func scalarWidth(scalar: Unicode.Scalar, width: Int) {
    #expect(TextWidth.columns(of: scalar) == width)
  }

  @Test(arguments: [0x00, 0x07, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F] as [UInt32])
  func controlScalarHasNoWidth(value: UInt32) {
    let scalar = Unicode.Scalar(value)!
    #expect(TextWidth.columns(of: scalar) == 0)
    #expect(TextWidth.isControl(scalar))
  }

  @Test(arguments: [0x20, 0x41, 0xA0, 0xAD, 0x301, 0x4E2D] as [UInt32])
  func printableScalarIsNotControl(value: UInt32) {
    #expect(!TextWidth.isControl(Unicode.Scalar(value)!))
  }

  /// ncurses places cells by glibc's `wcwidth`, so ours must agree with it everywhere
  /// glibc gives a width.
  @Test func agreesWithGlibcWcwidth() throws {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    // `wcwidth` is not in the Glibc module's headers as imported; look it up in libc.
    let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"))
    let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    var disagreements: [String] = []
    var count = 0
    for value in UInt32(0x20)...0x3FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let theirs = Int(wcwidth(Int32(bitPattern: value)))
      guard theirs >= 0 else { continue }
      let ours = TextWidth.columns(of: scalar)
      if ours != theirs {
        count += 1
        if disagreements.count < 30 {
          disagreements.append(
            "U+\(String(value, radix: 16, uppercase: true)) ours \(ours) glibc \(theirs)")
        }
      }
    }
    #expect(
      count == 0,
      "\(count) disagreements; first \(disagreements.count):\n\(disagreements.joined(separator: "\n"))"
    )
  }
}

@Suite("TextWidth: strings")
struct TextWidthStringTests {
  @Test(
    arguments: [
      ("", 0),
      ("hello", 5),
      ("Жжжж", 4),
      ("中文字", 6),
      ("a中b", 4),
      ("👍🏽👍", 4),
      ("e\u{301}te\u{301}", 3),
      ("ab中👍🏽e\u{301}", 7),
      ("a\u{1B}b", 2),
      // Counted from the bytes (printable ASCII, marks of U+0300-U+036F), or not:
      ("At least 8".struckThrough, 10),
      ("a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}b", 2),
      ("x\u{300}y\u{36F}", 2),
      ("\u{301}abc", 4),  // a leading mark is drawn on a space
      ("x\u{370}", 2),  // U+0370 is a letter, not a mark
      ("a\r\nb", 2),
      ("a\u{336}中", 3),
    ] as [(String, Int)])
  func stringWidthIsTheSumOfItsGraphemes(text: String, width: Int) {
    #expect(TextWidth.columns(of: text) == width)
    #expect(TextWidth.columns(of: text) == text.reduce(0) { $0 + TextWidth.columns(of: $1) })
    // The generic measure takes every text grapheme by grapheme.
    #expect(TextWidth.columns(of: Substring(text)) == width)
  }

  @Test func substringWidth() {
    let text = "ab中文"
    #expect(TextWidth.columns(of: text.dropFirst(2)) == 4)
  }
}

@Suite("TextWidth: cell scalars")
struct TextWidthCellScalarsTests {
  @Test func skinToneModifierIsLeftOut() {
    #expect(TextWidth.cellScalars(of: "👍🏽") == ["👍"])
  }

  @Test func combiningAcuteIsKept() {
    #expect(TextWidth.cellScalars(of: "e\u{301}") == ["e", "\u{301}"])
  }

  @Test func strikeOverlayIsKept() {
    #expect(TextWidth.cellScalars(of: "A\u{336}") == ["A", "\u{336}"])
  }

  @Test func plainCharacterIsItself() {
    #expect(TextWidth.cellScalars(of: "中") == ["中"])
  }

  @Test func characterStartingWithACombiningMarkIsDrawnOnASpace() {
    #expect(TextWidth.cellScalars(of: "\u{301}") == [" ", "\u{301}"])
    #expect(TextWidth.cellScalars(of: "\u{301}\u{336}") == [" ", "\u{301}", "\u{336}"])
  }

  @Test func zwjFamilyKeepsOnlyItsFirstPerson() {
    #expect(TextWidth.cellScalars(of: "👨‍👩‍👧") == ["👨"])
  }

  @Test func controlCharacterHasNoCell() {
    #expect(TextWidth.cellScalars(of: "\u{1B}") == [])
  }
}

@Suite("String.struckThrough")
struct StruckThroughTests {
  @Test func overlayFollowsEachGrapheme() {
    #expect(Array("ab".struckThrough.unicodeScalars) == ["a", "\u{336}", "b", "\u{336}"])
  }

  @Test func overlayFollowsWholeGraphemesNotCodePoints() {
    #expect(
      Array("👍🏽e\u{301}".struckThrough.unicodeScalars)
        == ["👍", "\u{1F3FD}", "\u{336}", "e", "\u{301}", "\u{336}"])
  }

  @Test func emptyStaysEmpty() {
    #expect("".struckThrough == "")
  }

  @Test(arguments: ["hello", "Жжжж", "中文字", "👍🏽👍", "👨‍👩‍👧", "e\u{301}x", "a b"])
  func keepsWidthAndGraphemeCount(text: String) {
    let struck = text.struckThrough
    #expect(TextWidth.columns(of: struck) == TextWidth.columns(of: text))
    #expect(struck.count == text.count)
    #expect(struck.unicodeScalars.count == text.unicodeScalars.count + text.count)
  }
}
