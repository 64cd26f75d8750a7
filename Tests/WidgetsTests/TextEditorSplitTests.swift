import Testing
import Widgets

/// The editor splits only the text from the grapheme before an edit on: checked against
/// splitting the whole text again, over random edits of code points that join their
/// neighbours (marks, flag halves, skin tones, joiners, Hangul jamo, CR LF, a prefix).
@Suite("TextEditor: graphemes split again around an edit")
struct TextEditorSplitTests {
  /// The editor's edits as they were made before: the whole text split again each time.
  struct WholeTextEditor {
    var characters: [Character] = []
    var cursor = 0

    mutating func replace(_ range: Range<Int>, with string: String = "") {
      var text = String(characters[..<range.lowerBound]) + string
      let target = text.unicodeScalars.count
      text += String(characters[range.upperBound...])
      characters = Array(text)
      var scalars = 0
      cursor = 0
      while cursor < characters.count && scalars < target {
        scalars += characters[cursor].unicodeScalars.count
        cursor += 1
      }
    }
  }

  /// SplitMix64: the same edits on every run.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
  }

  static let pieces: [String] = [
    "a", "e", " ", "\u{301}", "\u{336}", "\u{1F1E6}", "\u{1F1E7}", "👍", "\u{1F3FD}",
    "\u{200D}", "👩", "\u{FE0F}", "\r", "\n", "\u{600}", "\u{1100}", "\u{1161}", "\u{11A8}",
    "中",
  ]

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomEditsAgreeWithSplittingTheWholeText(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    var editor = TextEditor()
    var reference = WholeTextEditor()
    for step in 0..<2_000 {
      let count = reference.characters.count
      let cursor = reference.cursor
      let edit: TextEditor.Edit
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          Self.pieces.randomElement(using: &random)!
        }.joined()
        edit = .insert(text)
        reference.replace(cursor..<cursor, with: text)
      case 5, 6:
        edit = .deleteBackward
        if cursor > 0 { reference.replace((cursor - 1)..<cursor) }
      case 7:
        edit = .deleteForward
        if cursor < count { reference.replace(cursor..<(cursor + 1)) }
      default:
        let index = Int.random(in: 0...count, using: &random)
        edit = .moveTo(index)
        reference.cursor = index
      }
      editor.apply(edit)
      #expect(editor.characters == reference.characters, "step \(step): \(edit)")
      #expect(editor.cursor == reference.cursor, "step \(step): \(edit)")
      #expect(editor.characters == Array(editor.text), "step \(step): \(edit)")
      if editor.characters != reference.characters || editor.cursor != reference.cursor {
        return
      }
      // Keep the text short enough that edits land at its start, middle and end.
      if reference.characters.count > 40 {
        editor.apply(.moveTo(0))
        editor.apply(.deleteToEnd)
        reference = WholeTextEditor()
      }
    }
  }
}
