/// The text of a field and its cursor, and every edit a field's keys can make.
///
/// Text is a list of graphemes (Swift `Character`s), so the cursor, deletion and masking
/// work on what a person sees as one character: `👍🏽` and `é` written as `e` + U+0301 are
/// one each. Code points that arrive one at a time merge with the grapheme before the
/// cursor, as they would in the string.
public struct TextEditor: Hashable, Sendable {
  /// One edit, as a value: what a key asks the editor to do.
  public enum Edit: Hashable, Sendable {
    case insert(String)
    case deleteBackward
    case deleteForward
    case deleteWordBackward
    case deleteToStart
    case deleteToEnd
    case moveLeft
    case moveRight
    case moveWordLeft
    case moveWordRight
    case moveToStart
    case moveToEnd
    /// Puts the cursor before the grapheme at this index (clamped to the text).
    case moveTo(Int)
  }

  /// What an edit changed: nothing, the cursor, the text, or both.
  public struct Change: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let text = Change(rawValue: 1 << 0)
    public static let cursor = Change(rawValue: 1 << 1)
  }

  public private(set) var characters: [Character]
  /// How many graphemes are before the cursor.
  public private(set) var cursor: Int

  public init(text: String = "", cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = min(max(0, cursor ?? characters.count), characters.count)
  }

  public var text: String { String(characters) }
  public var isEmpty: Bool { characters.isEmpty }

  /// Applies `edit` and reports what changed.
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Change {
    let before = (characters.count, cursor)
    switch edit {
    case .insert(let string):
      return insert(string)
    case .deleteBackward:
      guard cursor > 0 else { return [] }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return [] }
      characters.remove(at: cursor)
      return .text
    case .deleteWordBackward:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      guard cursor < characters.count else { return [] }
      characters.removeSubrange(cursor...)
      return .text
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
    var change: Change = []
    if characters.count != before.0 { change.insert(.text) }
    if cursor != before.1 { change.insert(.cursor) }
    return change
  }

  /// Inserts at the cursor, re-joining graphemes across both edges (`👍` + `🏽`), and puts
  /// the cursor after the grapheme that holds the last inserted code point.
  private mutating func insert(_ string: String) -> Change {
    guard !string.isEmpty else { return [] }
    let start = max(0, cursor - 1)
    let end = min(characters.count, cursor + 1)
    let left = String(characters[start..<cursor])
    let joined = Array(left + string + String(characters[cursor..<end]))
    let target = left.unicodeScalars.count + string.unicodeScalars.count
    var scalars = 0
    var index = 0
    while index < joined.count && scalars < target {
      scalars += joined[index].unicodeScalars.count
      index += 1
    }
    characters.replaceSubrange(start..<end, with: joined)
    cursor = start + index
    return [.text, .cursor]
  }

  /// Letters, digits and marks make words; everything else separates them.
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
