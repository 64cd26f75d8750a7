import TestSupport
import Testing
import Widgets

// MARK: Fixtures

/// A text to edit, named for the test report.
struct EditorSample: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  var characters: [Character] { Array(text) }
  var testDescription: String { name }

  /// Each made of one kind of grapheme, so a word move or word delete goes all the way
  /// (letters are one word; emoji are no word at all).
  static let uniform: [EditorSample] = [
    EditorSample(name: "ASCII", text: "abcd"),
    EditorSample(name: "Cyrillic", text: "Жжжж"),
    EditorSample(name: "CJK", text: "中文字"),
    EditorSample(name: "skin tone", text: "👍🏽👍🏽👍🏽"),
    EditorSample(name: "ZWJ family", text: "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"),
    EditorSample(name: "combining", text: "e\u{301}e\u{301}e\u{301}"),
  ]

  static let all: [EditorSample] = uniform + [EditorSample(name: "mixed", text: "aЖ中👍🏽👨‍👩‍👧e\u{301}")]
}

/// Where the cursor starts.
enum CursorPlace: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case start, middle, end
  var testDescription: String { rawValue }
  func index(in count: Int) -> Int {
    switch self {
    case .start: 0
    case .middle: count / 2
    case .end: count
    }
  }
}

private func editor(_ sample: EditorSample, at place: CursorPlace) -> TextEditor {
  TextEditor(text: sample.text, cursor: place.index(in: sample.characters.count))
}

/// Expects `editor` to hold exactly `characters` with the cursor at `cursor`.
private func expectState(
  _ editor: TextEditor, _ characters: [Character], cursor: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(editor.characters == characters, sourceLocation: sourceLocation)
  #expect(editor.text == String(characters), sourceLocation: sourceLocation)
  #expect(editor.cursor == cursor, sourceLocation: sourceLocation)
}

// MARK: Construction

@Suite("TextEditor: construction")
struct TextEditorInitTests {
  @Test(arguments: EditorSample.all)
  func textIsSplitIntoGraphemes(sample: EditorSample) {
    let editor = TextEditor(text: sample.text)
    #expect(editor.characters == sample.characters)
    #expect(editor.text == sample.text)
    #expect(editor.cursor == sample.characters.count, "cursor starts at the end")
  }

  @Test func graphemeCounts() {
    #expect(TextEditor(text: "👍🏽").characters.count == 1)
    #expect(TextEditor(text: "👨‍👩‍👧").characters.count == 1)
    #expect(TextEditor(text: "e\u{301}").characters.count == 1)
    #expect(TextEditor(text: "中文字").characters.count == 3)
  }

  @Test(arguments: [(-5, 0), (0, 0), (2, 2), (4, 4), (99, 4)])
  func cursorIsClamped(requested: Int, actual: Int) {
    #expect(TextEditor(text: "abcd", cursor: requested).cursor == actual)
  }

  @Test func emptyEditor() {
    let editor = TextEditor()
    #expect(editor.isEmpty)
    #expect(editor.text == "")
    #expect(editor.cursor == 0)
  }
}

// MARK: Every edit at the start, middle and end

@Suite("TextEditor: inserting")
struct TextEditorInsertTests {
  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func insertLetter(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    #expect(editor.apply(.insert("x")) == [.text, .cursor])
    var expected = sample.characters
    expected.insert("x", at: index)
    expectState(editor, expected, cursor: index + 1)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func insertSampleIntoASCII(sample: EditorSample, place: CursorPlace) {
    let base = EditorSample(name: "base", text: "xy")
    var editor = editor(base, at: place)
    let index = place.index(in: 2)
    #expect(editor.apply(.insert(sample.text)) == [.text, .cursor])
    var expected = base.characters
    expected.insert(contentsOf: sample.characters, at: index)
    expectState(editor, expected, cursor: index + sample.characters.count)
  }

  @Test func insertingNothingChangesNothing() {
    var editor = TextEditor(text: "ab", cursor: 1)
    #expect(editor.apply(.insert("")) == [])
    expectState(editor, ["a", "b"], cursor: 1)
  }
}

@Suite("TextEditor: deleting")
struct TextEditorDeleteTests {
  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func deleteBackward(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(.deleteBackward)
    var expected = sample.characters
    if index == 0 {
      #expect(change == [])
      expectState(editor, expected, cursor: 0)
    } else {
      #expect(change == [.text, .cursor])
      expected.remove(at: index - 1)
      expectState(editor, expected, cursor: index - 1)
    }
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func deleteForward(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(.deleteForward)
    var expected = sample.characters
    if index == expected.count {
      #expect(change == [])
    } else {
      #expect(change == [.text])
      expected.remove(at: index)
    }
    expectState(editor, expected, cursor: index)
  }

  /// Each sample is one word or none, so Ctrl-W deletes back to the start.
  @Test(arguments: EditorSample.uniform, CursorPlace.allCases)
  func deleteWordBackward(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(.deleteWordBackward)
    #expect(change == (index == 0 ? [] : [.text, .cursor]))
    expectState(editor, Array(sample.characters[index...]), cursor: 0)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func deleteToStart(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(.deleteToStart)
    #expect(change == (index == 0 ? [] : [.text, .cursor]))
    expectState(editor, Array(sample.characters[index...]), cursor: 0)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func deleteToEnd(sample: EditorSample, place: CursorPlace) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(.deleteToEnd)
    #expect(change == (index == sample.characters.count ? [] : [.text]))
    expectState(editor, Array(sample.characters[..<index]), cursor: index)
  }

  @Test func deletingFromAnEmptyEditorChangesNothing() {
    for edit: TextEditor.Edit in [
      .deleteBackward, .deleteForward, .deleteWordBackward, .deleteToStart, .deleteToEnd,
    ] {
      var editor = TextEditor()
      #expect(editor.apply(edit) == [], "\(edit)")
      #expect(editor.isEmpty)
    }
  }
}

@Suite("TextEditor: moving")
struct TextEditorMoveTests {
  private static func expectMove(
    _ edit: TextEditor.Edit, _ sample: EditorSample, _ place: CursorPlace, to target: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var editor = editor(sample, at: place)
    let index = place.index(in: sample.characters.count)
    let change = editor.apply(edit)
    #expect(change == (target == index ? [] : [.cursor]), sourceLocation: sourceLocation)
    expectState(editor, sample.characters, cursor: target, sourceLocation: sourceLocation)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func moveLeft(sample: EditorSample, place: CursorPlace) {
    let index = place.index(in: sample.characters.count)
    Self.expectMove(.moveLeft, sample, place, to: max(0, index - 1))
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func moveRight(sample: EditorSample, place: CursorPlace) {
    let index = place.index(in: sample.characters.count)
    Self.expectMove(.moveRight, sample, place, to: min(sample.characters.count, index + 1))
  }

  /// Each sample is one word or none, so a word move goes all the way.
  @Test(arguments: EditorSample.uniform, CursorPlace.allCases)
  func moveWordLeft(sample: EditorSample, place: CursorPlace) {
    Self.expectMove(.moveWordLeft, sample, place, to: 0)
  }

  @Test(arguments: EditorSample.uniform, CursorPlace.allCases)
  func moveWordRight(sample: EditorSample, place: CursorPlace) {
    Self.expectMove(.moveWordRight, sample, place, to: sample.characters.count)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func moveToStart(sample: EditorSample, place: CursorPlace) {
    Self.expectMove(.moveToStart, sample, place, to: 0)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func moveToEnd(sample: EditorSample, place: CursorPlace) {
    Self.expectMove(.moveToEnd, sample, place, to: sample.characters.count)
  }

  @Test(arguments: EditorSample.all, CursorPlace.allCases)
  func moveToTheMiddle(sample: EditorSample, place: CursorPlace) {
    Self.expectMove(
      .moveTo(sample.characters.count / 2), sample, place, to: sample.characters.count / 2)
  }

  @Test(arguments: [(-3, 0), (0, 0), (1, 1), (2, 2), (4, 4), (10, 4)])
  func moveToIsClamped(requested: Int, actual: Int) {
    var editor = TextEditor(text: "abcd", cursor: 2)
    #expect(editor.apply(.moveTo(requested)) == (actual == 2 ? [] : [.cursor]))
    expectState(editor, Array("abcd"), cursor: actual)
  }
}

// MARK: Code points that arrive one at a time

@Suite("TextEditor: merging code points")
struct TextEditorMergeTests {
  @Test func skinToneAfterEmojiMakesOneCharacter() {
    var editor = TextEditor()
    editor.apply(.insert("👍"))
    editor.apply(.insert("🏽"))
    expectState(editor, ["👍🏽"], cursor: 1)
  }

  @Test func combiningMarkAfterLetterMakesOneCharacter() {
    var editor = TextEditor()
    editor.apply(.insert("e"))
    editor.apply(.insert("\u{301}"))
    expectState(editor, ["e\u{301}"], cursor: 1)
    #expect(editor.text.unicodeScalars.count == 2)
  }

  @Test func zwjFamilyTypedOneCodePointAtATimeIsOneCharacter() {
    var editor = TextEditor()
    for scalar in "👨‍👩‍👧".unicodeScalars { editor.apply(.insert(String(scalar))) }
    expectState(editor, ["👨‍👩‍👧"], cursor: 1)
  }

  @Test func flagTypedOneCodePointAtATimeIsOneCharacter() {
    var editor = TextEditor()
    editor.apply(.insert("🇺"))
    editor.apply(.insert("🇸"))
    expectState(editor, ["🇺🇸"], cursor: 1)
  }

  @Test func combiningMarkInTheMiddleJoinsTheCharacterBeforeTheCursor() {
    var editor = TextEditor(text: "ab", cursor: 1)
    editor.apply(.insert("\u{301}"))
    expectState(editor, ["a\u{301}", "b"], cursor: 1)
  }

  @Test func letterBeforeALoneCombiningMarkJoinsIt() {
    var editor = TextEditor(text: "\u{301}x", cursor: 0)
    editor.apply(.insert("e"))
    expectState(editor, ["e\u{301}", "x"], cursor: 1)
  }

  @Test func mergedCharacterIsDeletedWhole() {
    var editor = TextEditor()
    editor.apply(.insert("👍"))
    editor.apply(.insert("🏽"))
    #expect(editor.apply(.deleteBackward) == [.text, .cursor])
    expectState(editor, [], cursor: 0)
  }

  /// The cursor stays after the same grapheme, so only the text changed.
  @Test func mergingSkinToneReportsOnlyATextChange() {
    var editor = TextEditor()
    editor.apply(.insert("👍"))
    #expect(editor.apply(.insert("🏽")) == [.text])
  }

  @Test func mergingCombiningMarkReportsOnlyATextChange() {
    var editor = TextEditor()
    editor.apply(.insert("e"))
    #expect(editor.apply(.insert("\u{301}")) == [.text])
  }

  /// Deleting what stood between two regional indicators leaves them side by side, where
  /// they are one flag.
  @Test func deletionThatJoinsRegionalIndicatorsMakesOneFlag() {
    var editor = TextEditor(text: "🇺x🇸", cursor: 2)
    editor.apply(.deleteBackward)
    #expect(editor.text == "🇺🇸")
    #expect(editor.characters == ["🇺🇸"])
    #expect(editor.cursor <= editor.characters.count)
  }

  @Test func deletionThatJoinsAZWJSequenceMakesOneCharacter() {
    var editor = TextEditor(text: "👨\u{200D}x👩", cursor: 1)
    editor.apply(.deleteForward)
    #expect(editor.text == "👨\u{200D}👩")
    #expect(editor.characters == ["👨\u{200D}👩"])
    #expect(editor.cursor <= editor.characters.count)
  }

  /// A regional indicator typed before two flags pairs up with the first flag's first half,
  /// and every pair after it shifts.
  @Test func regionalIndicatorBeforeFlagsRepairsTheFlagsAfterIt() {
    var editor = TextEditor(text: "🇩🇪🇫🇷", cursor: 0)
    editor.apply(.insert("🇺"))
    #expect(editor.characters == Array("🇺🇩🇪🇫🇷"))
  }

  /// Whatever is typed, one code point at a time, the graphemes the editor keeps are the
  /// graphemes of its text.
  @Test func charactersAlwaysMatchTheGraphemesOfTheText() {
    let scalars: [String] = [
      "a", "_", " ", "Ж", "中", "e", "\u{301}", "👍", "🏽", "👨", "\u{200D}", "👩", "🇺", "🇸", "-",
    ]
    let edits: [TextEditor.Edit] = [
      .deleteBackward, .deleteForward, .deleteWordBackward, .moveLeft, .moveRight,
      .moveWordLeft, .moveWordRight, .moveToStart, .moveToEnd,
    ]
    var generator = SeededGenerator(seed: 42)
    var failures: [String] = []
    for run in 0..<300 {
      var editor = TextEditor()
      var log: [TextEditor.Edit] = []
      for _ in 0..<30 {
        let edit: TextEditor.Edit =
          Int.random(in: 0..<3, using: &generator) == 0
          ? edits.randomElement(using: &generator)!
          : .insert(scalars.randomElement(using: &generator)!)
        log.append(edit)
        editor.apply(edit)
        if editor.characters != Array(editor.text) || editor.cursor > editor.characters.count {
          failures.append("run \(run): \(log) gives \(editor.characters) for \(Array(editor.text))")
          break
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) runs; first: \(failures.first ?? "")")
  }
}

// MARK: Words

@Suite("TextEditor: words")
struct TextEditorWordTests {
  @Test(
    arguments: [
      ("foo bar", 7, 4), ("foo bar", 4, 0), ("foo bar", 5, 4), ("foo bar  ", 9, 4),
      ("foo-bar", 7, 4), ("snake_case", 10, 0), ("abc123 x", 6, 0), ("x  ", 3, 0),
      ("Жжж ддд", 7, 4), ("中文 字", 4, 3), ("hi 👍🏽 there", 10, 5), ("hi 👍🏽 there", 5, 0),
      ("e\u{301}te e\u{301}", 5, 4), ("e\u{301}te e\u{301}", 4, 0), ("foo", 0, 0),
    ])
  func moveWordLeft(text: String, from: Int, to: Int) {
    var editor = TextEditor(text: text, cursor: from)
    editor.apply(.moveWordLeft)
    #expect(editor.cursor == to)
  }

  @Test(
    arguments: [
      ("foo bar", 0, 3), ("foo bar", 3, 7), ("foo bar", 1, 3), ("  foo", 0, 5),
      ("foo-bar", 0, 3), ("snake_case x", 0, 10), ("abc123 x", 0, 6),
      ("Жжж ддд", 0, 3), ("中文 字", 0, 2), ("hi 👍🏽 there", 2, 10),
      ("e\u{301}te e\u{301}", 0, 3), ("foo", 3, 3),
    ])
  func moveWordRight(text: String, from: Int, to: Int) {
    var editor = TextEditor(text: text, cursor: from)
    editor.apply(.moveWordRight)
    #expect(editor.cursor == to)
  }

  @Test(
    arguments: [
      ("foo bar", 7, "foo ", 4), ("foo bar  ", 9, "foo ", 4), ("foo-bar", 7, "foo-", 4),
      ("foo bar", 5, "foo ar", 4), ("snake_case x", 10, " x", 0), ("Жжж ддд", 3, " ддд", 0),
      ("hi 👍🏽 there", 5, "there", 0), ("hi 👍🏽 there", 10, "hi 👍🏽 ", 5),
    ])
  func deleteWordBackward(text: String, from: Int, remaining: String, cursor: Int) {
    var editor = TextEditor(text: text, cursor: from)
    #expect(editor.apply(.deleteWordBackward) == [.text, .cursor])
    #expect(editor.text == remaining)
    #expect(editor.cursor == cursor)
  }

  @Test func wordMovesAtTheEdgesChangeNothing() {
    var editor = TextEditor(text: "foo bar", cursor: 0)
    #expect(editor.apply(.moveWordLeft) == [])
    #expect(editor.apply(.deleteWordBackward) == [])
    editor.apply(.moveToEnd)
    #expect(editor.apply(.moveWordRight) == [])
    #expect(editor.text == "foo bar")
  }
}

// MARK: Helpers
