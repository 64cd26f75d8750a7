/// How edits reach the text: through the format and the maximum length, and what typed
/// and pasted text may hold.
extension TextField {
  /// Applies an edit through the format and the maximum length, then tells the model once
  /// if the text changed. A rejected edit changes nothing.
  public func apply(_ edit: TextEditor.Edit) {
    var edit = edit
    var isInsertion = false
    var cut = false
    if case .insert(let text) = edit {
      if text.isEmpty { return }
      isInsertion = true
      let wanted = format?.accepted(text) ?? text
      let accepted = limited(wanted)
      cut = accepted.utf8.count < wanted.utf8.count
      if cut { wasCutByMaxLength = true }
      if accepted.isEmpty {
        isShowingRefusal = true
        return
      }
      edit = .insert(accepted)
    }
    let change: TextEditor.Change
    if let format {
      guard let formatted = format.apply(edit, to: &storedEditor) else {
        if isInsertion { isShowingRefusal = true }
        return
      }
      change = formatted
    } else {
      change = storedEditor.apply(edit)
    }
    if change.contains(.text) {
      editorText = storedEditor.text
      value.set(editorText)
      if !cut { wasCutByMaxLength = false }
    }
    if !change.isEmpty { editorDidChange() }
  }

  /// What of `text` fits under the maximum length, in whole graphemes.
  func limited(_ text: String) -> String {
    guard let maxLength else { return text }
    let used =
      lengthMeasure == .characters ? storedEditor.characters.count : editorText.utf8.count
    return String(lengthMeasure.prefix(of: text, room: maxLength - used))
  }

  /// Typed text without controls: the decoder makes keys of them, but whatever sends an
  /// event, a NUL or an ESC never gets into a value.
  static func typable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TextWidth.isControl) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { !TextWidth.isControl($0) }))
  }

  /// Paste text as one line: line breaks at its ends go (a password copied with the
  /// newline `echo` or a password manager adds must not gain a space), inner tabs and line
  /// breaks become spaces, other controls go.
  static func pastable(_ text: String) -> String {
    let kept = text.filter { character in
      guard let first = character.unicodeScalars.first else { return false }
      return character.isNewline || character == "\t" || !TextWidth.isControl(first)
    }
    return String(kept.trimmingLineBreaks().map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }

  /// The editing keys every field knows.
  public static func standardEdit(for key: Key) -> TextEditor.Edit? {
    switch (key.code, key.modifiers) {
    case (.left, []): .moveLeft
    case (.right, []): .moveRight
    case (.left, .control), (.character("b"), .alt): .moveWordLeft
    case (.right, .control), (.character("f"), .alt): .moveWordRight
    case (.home, []), (.character("a"), .control): .moveToStart
    case (.end, []), (.character("e"), .control): .moveToEnd
    case (.backspace, []): .deleteBackward
    case (.delete, []), (.character("d"), .control): .deleteForward
    case (.backspace, .alt), (.character("w"), .control): .deleteWordBackward
    case (.character("u"), .control): .deleteToStart
    case (.character("k"), .control): .deleteToEnd
    default: nil
    }
  }
}

extension StringProtocol {
  /// Without the line breaks at its start and end.
  fileprivate func trimmingLineBreaks() -> SubSequence {
    let start = firstIndex { !$0.isNewline } ?? endIndex
    let end = lastIndex { !$0.isNewline }.map { index(after: $0) } ?? start
    return self[start..<Swift.max(start, end)]
  }
}
