/// Restricts and shapes what a field accepts: which characters, and how they are laid
/// out (a phone mask's separators, say). Separate from validation: a format decides what
/// can be typed, requirement rows say whether what was typed is good enough.
public protocol InputFormat {
  /// What of typed or pasted text the format can take; the rest is dropped.
  func accepted(_ text: String) -> String
  /// Applies `edit` to `editor` and reports what changed, or returns `nil` (leaving
  /// `editor` alone) to reject the edit. An insertion's text has been through `accepted`.
  func apply(_ edit: TextEditor.Edit, to editor: inout TextEditor) -> TextEditor.Change?
}

/// Accepts only the characters `isAllowed` passes. An insertion keeps what is allowed of
/// it (a paste of `+7 (912)` into a digits field gives `7912`) and is rejected when
/// nothing is.
public struct CharacterFilter: InputFormat, Sendable {
  public let isAllowed: @Sendable (Character) -> Bool

  public init(_ isAllowed: @escaping @Sendable (Character) -> Bool) {
    self.isAllowed = isAllowed
  }

  /// ASCII digits 0 to 9.
  public static let digits = CharacterFilter { $0.isASCII && $0.isNumber }

  public func accepted(_ text: String) -> String { String(text.filter(isAllowed)) }

  /// Inserted text has been through `accepted` already (the field does that first).
  public func apply(_ edit: TextEditor.Edit, to editor: inout TextEditor) -> TextEditor.Change? {
    if case .insert(let text) = edit, text.isEmpty { return nil }
    return editor.apply(edit)
  }
}

/// A fixed pattern such as `+7-999-999-99-99`: each `9` is a slot for a digit, everything
/// else is printed by the field itself. Only digits can be typed; the separators appear
/// as the slots before them fill, and the cursor stays after the last digit typed.
///
/// The digits the pattern writes before its first slot (`7` of `+7`) are its prefix.
/// A number typed or pasted with it (`+7 (916) 123-45-67`, `79161234567`), or with a
/// national prefix given for it (`8` in Russia), fills the slots once, without the prefix.
public struct PatternFormat: InputFormat, Sendable {
  public let pattern: [Character]
  private let slots: [Int]
  /// Ways a number may begin that the pattern writes itself: its own prefix digits, then
  /// the national prefixes.
  private let prefixes: [[Character]]
  private let prefixDigits: [Character]

  public let nationalPrefixes: [String]

  public init(_ pattern: String, nationalPrefixes: [String] = []) {
    self.nationalPrefixes = nationalPrefixes
    let characters = Array(pattern)
    self.pattern = characters
    slots = characters.indices.filter { characters[$0] == "9" }
    prefixDigits = characters.prefix(while: { $0 != "9" }).filter { $0.isASCII && $0.isNumber }
    prefixes = ([prefixDigits] + nationalPrefixes.map { Array($0) }).filter { !$0.isEmpty }
  }

  /// Digits, and a `+` that starts the text: `+7 (916)` says its 7 is the country code.
  public func accepted(_ text: String) -> String {
    let digits = String(text.filter { $0.isASCII && $0.isNumber })
    let international = text.drop { $0 == " " }.first == "+" && pattern.first == "+"
    return international ? "+" + digits : digits
  }

  public func apply(_ edit: TextEditor.Edit, to editor: inout TextEditor) -> TextEditor.Change? {
    var digits = digits(in: editor.characters)
    // The cursor, counted in digits: how many slots come before it.
    var cursor = slots.prefix { $0 < editor.cursor }.count
    cursor = min(cursor, digits.count)
    switch edit {
    case .insert(let text):
      guard let (inserted, position) = inserting(accepted(text), into: digits, at: cursor)
      else { return nil }
      digits = inserted
      cursor = position
    case .deleteBackward:
      guard cursor > 0 else { return nil }
      digits.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < digits.count else { return nil }
      digits.remove(at: cursor)
    case .deleteWordBackward, .deleteToStart:
      digits.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      digits.removeSubrange(cursor...)
    case .moveLeft:
      cursor = max(0, cursor - 1)
    case .moveRight:
      cursor = min(digits.count, cursor + 1)
    case .moveWordLeft, .moveToStart:
      cursor = 0
    case .moveWordRight, .moveToEnd:
      cursor = digits.count
    case .moveTo(let index):
      cursor = min(digits.count, slots.prefix { $0 < index }.count)
    }
    let next = layOut(digits, cursor: cursor)
    var change: TextEditor.Change = []
    if next.characters != editor.characters { change.insert(.text) }
    if next.cursor != editor.cursor { change.insert(.cursor) }
    editor = next
    return change
  }

  /// `digits` with `text` (digits, maybe after a `+`) inserted at `cursor`, and the
  /// cursor after it; nil when nothing can go in.
  private func inserting(_ text: String, into digits: [Character], at cursor: Int) -> (
    [Character], Int
  )? {
    var typed = Array(text)
    if typed.first == "+" {
      typed.removeFirst()
      // The country code written out is the pattern's own: the number follows it.
      if typed.starts(with: prefixDigits) { typed.removeFirst(prefixDigits.count) }
      // "+" alone, typed at the start: the pattern shows it already.
      if typed.isEmpty { return cursor == 0 ? (digits, cursor) : nil }
    }
    if typed.isEmpty { return nil }
    var all = digits
    all.insert(contentsOf: typed, at: cursor)
    var position = cursor + typed.count
    // One digit too many, and the number begins with a prefix: that was the prefix.
    if all.count > slots.count,
      let prefix = prefixes.first(where: {
        all.starts(with: $0) && all.count - $0.count <= slots.count
      })
    {
      all.removeFirst(prefix.count)
      position = max(0, position - prefix.count)
    }
    if all.count <= slots.count { return (all, position) }
    // Too many still: take what fits.
    let room = slots.count - digits.count
    if room <= 0 { return nil }
    all = digits
    all.insert(contentsOf: typed.prefix(room), at: cursor)
    return (all, cursor + room)
  }

  /// The text for `digits`: the pattern up to the last filled slot (a separator shows once
  /// a digit follows it). The cursor goes after the `cursor`-th digit, or onto the first
  /// slot when there is none before it.
  func layOut(_ digits: [Character], cursor: Int) -> TextEditor {
    guard !digits.isEmpty else { return TextEditor() }
    var text: [Character] = []
    var next = 0
    for character in pattern where next < digits.count {
      if character == "9" {
        text.append(digits[next])
        next += 1
      } else {
        text.append(character)
      }
    }
    let position = cursor == 0 ? slots[0] : slots[cursor - 1] + 1
    return TextEditor(text: String(text), cursor: position)
  }

  private func digits(in characters: [Character]) -> [Character] {
    slots.compactMap { $0 < characters.count ? characters[$0] : nil }
  }
}
