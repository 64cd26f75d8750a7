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
      // Refused before any work on graphemes (see `CombiningRun`).
      guard CombiningRun.isStreamSafe(text.unicodeScalars) else {
        isShowingRefusal = true
        return
      }
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
    var edited = storedEditor
    let change: TextEditor.Change
    if let format {
      guard let formatted = format.apply(edit, to: &edited) else {
        if isInsertion { isShowingRefusal = true }
        return
      }
      change = formatted
    } else {
      change = edited.apply(edit)
    }
    // Never more marks in a row than the stream-safe limit, however they came together
    // (typed, pasted, or a deletion joining two runs): such an edit is refused (unless the
    // model itself put a longer run there: then deleting must still work).
    if change.contains(.text), !CombiningRun.isStreamSafe(edited.text.unicodeScalars),
      CombiningRun.isStreamSafe(editorText.unicodeScalars)
    {
      isShowingRefusal = true
      return
    }
    storedEditor = edited
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
  /// breaks become spaces (CR LF one space), other controls go.
  ///
  /// Scalar by scalar, in one pass: comparing `Character`s normalises them, which for a
  /// grapheme of many marks costs the square of their number.
  static func pastable(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isLineBreak($0) }),
      let last = scalars.lastIndex(where: { !isLineBreak($0) })
    else { return "" }
    var kept = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in scalars[first...last] {
      defer { previous = scalar }
      if scalar == "\n", previous == "\r" { continue }
      if scalar == "\t" || isLineBreak(scalar) {
        kept.append(" ")
      } else if !TextWidth.isControl(scalar) {
        kept.append(scalar)
      }
    }
    return String(kept)
  }

  /// What Swift's `Character.isNewline` calls a line break, as scalars.
  private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
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
