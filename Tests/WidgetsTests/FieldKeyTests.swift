import Terminal
import Testing
@_spi(Testing) import Widgets

/// Every editing key, in the plain and the secure field, at the start, middle and end of
/// texts in several scripts.
@Suite("Field keys")
struct FieldKeyTests {
  /// Sample texts as graphemes: ASCII, Cyrillic, CJK, emoji with skin tone, a ZWJ family,
  /// combining marks. Each has a space, so word moves have somewhere to stop.
  static let samples: [[String]] = [
    ["a", "b", " ", "c", "d"],
    ["Ж", "ж", " ", "Щ", "щ"],
    ["中", "文", " ", "字", "符"],
    ["👍🏽", "👍🏽", " ", "👋🏿", "👋🏿"],
    ["👨‍👩‍👧", "x", " ", "👩‍💻", "y"],
    ["e\u{301}", "a\u{308}", " ", "o\u{302}", "u\u{30A}"],
  ]

  enum Position: CaseIterable { case start, middle, end }

  /// A field holding `sample` with the cursor at `position`.
  func harness(_ sample: [String], at position: Position, secure: Bool) -> FieldHarness {
    let form = FieldHarness(secure: secure, width: 30)
    form.send(.paste(sample.joined()))
    switch position {
    case .start: form.press(Key(.home))
    case .middle: form.press(Key(.home), Key(.right), Key(.right), Key(.right))
    case .end: break
    }
    return form
  }

  /// What each key does to (graphemes, cursor): the reference the fields must match.
  static func expected(_ key: Key, _ text: [String], _ cursor: Int, secure: Bool) -> ([String], Int)
  {
    // Words are runs of letters, digits and `_` (readline's Alt-B and Alt-F).
    func isWord(_ grapheme: String) -> Bool {
      let character = Character(grapheme)
      return character.isLetter || character.isNumber || character == "_"
    }
    func wordStart() -> Int {
      var i = cursor
      while i > 0 && !isWord(text[i - 1]) { i -= 1 }
      while i > 0 && isWord(text[i - 1]) { i -= 1 }
      return i
    }
    func wordEnd() -> Int {
      var i = cursor
      while i < text.count && !isWord(text[i]) { i += 1 }
      while i < text.count && isWord(text[i]) { i += 1 }
      return i
    }
    switch (key.code, key.modifiers) {
    case (.left, []): return (text, max(0, cursor - 1))
    case (.right, []): return (text, min(text.count, cursor + 1))
    case (.home, []), (.character("a"), .control): return (text, 0)
    case (.end, []), (.character("e"), .control): return (text, text.count)
    case (.left, .control), (.character("b"), .alt): return (text, secure ? 0 : wordStart())
    case (.right, .control), (.character("f"), .alt): return (text, secure ? text.count : wordEnd())
    case (.backspace, []):
      guard cursor > 0 else { return (text, cursor) }
      return (Array(text[..<(cursor - 1)] + text[cursor...]), cursor - 1)
    case (.delete, []), (.character("d"), .control):
      guard cursor < text.count else { return (text, cursor) }
      return (Array(text[..<cursor] + text[(cursor + 1)...]), cursor)
    case (.character("w"), .control), (.backspace, .alt):
      let start = secure ? 0 : wordStart()
      return (Array(text[..<start] + text[cursor...]), start)
    case (.character("u"), .control): return (Array(text[cursor...]), 0)
    case (.character("k"), .control): return (Array(text[..<cursor]), cursor)
    default: return (text, cursor)
    }
  }

  static let keys: [Key] = [
    Key(.left), Key(.right), Key(.home), Key(.end), .control("a"), .control("e"),
    Key(.left, .control), Key(.right, .control), .alt("b"), .alt("f"),
    Key(.backspace), Key(.delete), .control("d"), .control("w"), Key(.backspace, .alt),
    .control("u"), .control("k"),
  ]

  @Test("every key, plain field", arguments: keys)
  func plainKey(key: Key) {
    check(key, secure: false)
  }

  @Test("every key, secure field (word moves go to the ends)", arguments: keys)
  func secureKey(key: Key) {
    check(key, secure: true)
  }

  func check(_ key: Key, secure: Bool) {
    for sample in Self.samples {
      for position in Position.allCases {
        let form = harness(sample, at: position, secure: secure)
        let cursor = form.field.editor.cursor
        let changesBefore = form.changes
        form.press(key)
        let (text, newCursor) = Self.expected(key, sample, cursor, secure: secure)
        let context = "\(key) on \(sample.joined()) at \(position)"
        #expect(form.field.editor.characters.map(String.init) == text, "\(context)")
        #expect(form.field.editor.cursor == newCursor, "\(context)")
        #expect(form.value == text.joined(), "\(context)")
        let changed = text != sample
        #expect(form.changes - changesBefore == (changed ? 1 : 0), "one change event: \(context)")
      }
    }
  }

  @Test("code points typed one at a time join the grapheme before the cursor")
  func joiningCodePoints() {
    let form = FieldHarness()
    form.type("👍")
    form.send(.text("🏽"))
    form.type("e")
    form.send(.text("\u{301}"))
    #expect(form.field.editor.characters == ["👍🏽", "e\u{301}"])
    #expect(form.field.editor.cursor == 2)
    #expect(form.cursorColumn == 3)
    #expect(form.changes == 4, "each keystroke is one change")
  }

  @Test("the cursor lands in the right column after wide and combining characters")
  func cursorColumns() {
    let form = FieldHarness(width: 30)
    form.send(.paste("中a👍🏽e\u{301}Ж"))
    #expect(form.cursorColumn == 2 + 1 + 2 + 1 + 1)
    form.press(Key(.left), Key(.left))
    #expect(form.cursorColumn == 2 + 1 + 2)
    let secure = FieldHarness(secure: true, width: 30)
    secure.send(.paste("中a👍🏽e\u{301}Ж"))
    #expect(secure.cursorColumn == 5, "one mask cell per grapheme")
    #expect(secure.valueRow == "•••••")
  }

  @Test("control keys that mean nothing to a field are ignored, never inserted")
  func ignoredKeys() {
    let form = FieldHarness()
    form.type("abc")
    for letter in "gjlnopqstvxyz" {
      form.press(.control(letter))
    }
    form.press(Key(.function(5)), Key(.insert), Key(.pageUp), .alt("x"))
    #expect(form.value == "abc")
    #expect(form.changes == 3)
    #expect(form.field.editor.cursor == 3)
  }

  @Test("Tab, Enter, Up and Down leave the field; the text stays")
  func leavingKeys() {
    let form = FieldHarness()
    form.type("ab")
    form.press(Key(.tab))
    #expect(form.application.focused === form.next)
    form.press(Key(.up))
    #expect(form.application.focused === form.field)
    form.press(Key(.enter))
    #expect(form.application.focused === form.next)
    #expect(form.value == "ab")
  }
}
