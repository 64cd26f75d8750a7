/// The text of a field and its cursor, and every edit a field's keys can make.
///
/// Text is a list of graphemes (Swift `Character`s), so the cursor, deletion and masking
/// work on what a person sees as one character: `👍🏽` and `é` written as `e` + U+0301 are
/// one each. Code points that arrive one at a time merge with the grapheme before the
/// cursor, as they would in the string.
public struct TextEditor: Hashable, Sendable {
  /// One edit, as a value: what a key asks the editor to do.
  public enum Edit: Hashable, Sendable {
    /// Inserts text at the cursor (merging code points with the grapheme before it).
    case insert(String)
    /// Deletes the grapheme before the cursor (Backspace).
    case deleteBackward
    /// Deletes the grapheme after the cursor (Delete).
    case deleteForward
    /// Deletes the word before the cursor (Ctrl-W).
    case deleteWordBackward
    /// Deletes from the start to the cursor (Ctrl-U).
    case deleteToStart
    /// Deletes from the cursor to the end (Ctrl-K).
    case deleteToEnd
    /// Moves one grapheme left.
    case moveLeft
    /// Moves one grapheme right.
    case moveRight
    /// Moves to the start of the word before the cursor.
    case moveWordLeft
    /// Moves to the end of the word after the cursor.
    case moveWordRight
    /// Moves to the start.
    case moveToStart
    /// Moves to the end.
    case moveToEnd
    /// Puts the cursor before the grapheme at this index (clamped to the text).
    case moveTo(Int)
  }

  /// What an edit changed: nothing, the cursor, the text, or both.
  public struct Change: OptionSet, Hashable, Sendable {
    /// One bit per part.
    public let rawValue: UInt8
    /// The parts whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The text changed.
    public static let text = Change(rawValue: 1 << 0)
    /// The cursor moved.
    public static let cursor = Change(rawValue: 1 << 1)
  }

  /// The text, grapheme by grapheme.
  public private(set) var characters: [Character]
  /// How many graphemes are before the cursor.
  public private(set) var cursor: Int

  /// An editor holding `text`, the cursor before grapheme `cursor` (by default at the end).
  public init(text: String = "", cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = min(max(0, cursor ?? characters.count), characters.count)
  }

  /// The text as one string.
  public var text: String { String(characters) }
  /// True when there is no text.
  public var isEmpty: Bool { characters.isEmpty }

  /// Applies `edit` and reports what changed.
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Change {
    let before = cursor
    var change: Change = []
    switch edit {
    case .insert(let string):
      change = replace(cursor..<cursor, with: string)
    case .deleteBackward:
      if cursor > 0 { change = replace((cursor - 1)..<cursor) }
    case .deleteForward:
      if cursor < characters.count { change = replace(cursor..<(cursor + 1)) }
    case .deleteWordBackward:
      change = replace(wordStart(before: cursor)..<cursor)
    case .deleteToStart:
      change = replace(0..<cursor)
    case .deleteToEnd:
      change = replace(cursor..<characters.count)
    case .moveLeft:
      cursor = max(0, cursor - 1)
    case .moveRight:
      cursor = min(characters.count, cursor + 1)
    case .moveWordLeft:
      cursor = wordStart(before: cursor)
    case .moveWordRight:
      cursor = wordEnd(after: cursor)
    case .moveToStart:
      cursor = 0
    case .moveToEnd:
      cursor = characters.count
    case .moveTo(let index):
      cursor = min(max(0, index), characters.count)
    }
    if cursor != before { change.insert(.cursor) }
    return change
  }

  /// Replaces the graphemes in `range` with `string`, then splits the text from the
  /// grapheme before the edit on into graphemes again: neighbours may join (`👍` + `🏽`, two
  /// flag halves brought together by a deletion) or part. Graphemes further back stay: a
  /// break depends on what comes before it and on the one code point after it, and that
  /// one, the first of the grapheme before the edit, is kept. The cursor goes after the
  /// last code point inserted, or to where the deleted text was.
  private mutating func replace(_ range: Range<Int>, with string: String = "") -> Change {
    guard !range.isEmpty || !string.isEmpty else { return [] }
    let start = max(0, range.lowerBound - 1)
    // Appended one by one: `String(_:)` of a slice of graphemes takes a generic path.
    var text = ""
    for character in characters[start..<range.lowerBound] { text.append(character) }
    text += string
    let target = text.unicodeScalars.count
    for character in characters[range.upperBound...] { text.append(character) }
    characters.replaceSubrange(start..., with: Array(text))
    var scalars = 0
    cursor = start
    while cursor < characters.count && scalars < target {
      scalars += characters[cursor].unicodeScalars.count
      cursor += 1
    }
    return .text
  }

  /// Letters, digits and `_` make words (as readline's Alt-B and Alt-F see them);
  /// everything else separates them.
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  private func wordStart(before index: Int) -> Int {
    var position = index
    while position > 0 && !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
    while position > 0 && Self.isWordCharacter(characters[position - 1]) { position -= 1 }
    return position
  }

  private func wordEnd(after index: Int) -> Int {
    var position = index
    while position < characters.count && !Self.isWordCharacter(characters[position]) {
      position += 1
    }
    while position < characters.count && Self.isWordCharacter(characters[position]) {
      position += 1
    }
    return position
  }
}
