import Terminal

/// A one-line text input with a floating label, an underline and an optional caption.
///
/// Rows: label, value, underline, then the caption row if the field has one. The label
/// floats: it sits dimmed in the value row while the field is empty and unfocused, and
/// above the value while the field is focused or holds text. The placeholder shows in the
/// value row only while the field is focused and empty. The value is bound to a model:
/// every edit that changes the text sets the binding exactly once.
open class TextField: View {
  public let label: String
  public let placeholder: String?
  /// Help shown under the field; replaced by the error message while the field shows an error.
  public let caption: (() -> String?)?
  /// Whether the field takes focus and input.
  public var isEnabled: () -> Bool = { true }
  /// Whether the field shows its error state (red underline and caption).
  public var showsError: () -> Bool = { false }
  /// The error line shown in the caption row while `showsError` is true.
  public var errorMessage: () -> String? = { nil }
  /// Longest text accepted, measured by `lengthMeasure`.
  public var maxLength: Int?
  /// How `maxLength` counts: characters (graphemes, the default) or UTF-8 bytes.
  public var lengthMeasure = LengthMeasure.characters
  /// Why input stopped, shown from an edit that `maxLength` cut or refused until the next
  /// edit of the text that fits: in the caption row if the field has one, otherwise at the
  /// right of the label row.
  public var maxLengthMessage: String?
  /// True from an edit cut or refused by `maxLength` until the next edit that fits.
  public private(set) var wasCutByMaxLength = false {
    didSet { if wasCutByMaxLength != oldValue { setNeedsDisplay() } }
  }
  /// What can be typed, and how it is laid out (digits only, a phone mask).
  public var format: (any InputFormat)?
  /// A gauge on the label row, between the label and the accessory (a password's strength).
  public var meter: Meter?
  /// Enter in the field: returns whether it acted (submitted the form, say); if not,
  /// Enter moves on to the next field.
  public var onSubmit: (() -> Bool)?
  /// True from a keystroke or paste the field could take none of (a letter in a digits
  /// field, a digit more than fits) until the next key or leaving the field: the caption
  /// (which says what fits) and the underline turn red, so a refusal is never silent.
  public private(set) var isShowingRefusal = false {
    didSet { if isShowingRefusal != oldValue { setNeedsDisplay() } }
  }

  open override var isFocused: Bool {
    didSet { if !isFocused { isShowingRefusal = false } }
  }

  private let value: Binding<String>
  public private(set) var editor: TextEditor
  /// `editor.text`, kept so that comparing it with the model costs nothing.
  private var editorText: String
  /// Index of the first grapheme shown: long values scroll horizontally.
  private var scroll = 0

  public init(
    label: String, placeholder: String? = nil, text: Binding<String>,
    caption: (() -> String?)? = nil
  ) {
    self.label = label
    self.placeholder = placeholder
    self.caption = caption
    value = text
    editorText = text.get()
    editor = TextEditor(text: editorText)
  }

  // MARK: What is shown

  /// The grapheme drawn for the one at `index`: secure fields draw a mask instead.
  open func displayCharacter(at index: Int, glyphs: Theme.Glyphs) -> Character {
    editor.characters[index]
  }

  /// Drawn at the right end of the label row (the reveal toggle of a secure field).
  open var accessory: String? { nil }

  /// The key or mouse edit as this field understands it (secure fields change word moves).
  open func edit(for key: Key) -> TextEditor.Edit? {
    Self.standardEdit(for: key)
  }

  // MARK: View

  public var rowCount: Int { caption == nil ? 3 : 4 }

  /// The label sits above the value while the field is focused or holds text; otherwise
  /// it sits in the value row.
  public var isLabelFloating: Bool { isFocused || !editor.isEmpty }

  open override var acceptsFocus: Bool { isEnabled() }

  open override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: proposal.width, height: rowCount)
  }

  open override var cursorPosition: Point? {
    Point(x: cursorColumn, y: 1)
  }

  private var cursorColumn = 0

  /// The glyphs of the last drawing, for measuring what was drawn when a click comes.
  private var glyphs = Theme.Glyphs.unicode
  /// How wide the accessory was drawn (0 when it was not): clicks hit what is on screen.
  public private(set) var drawnAccessoryColumns = 0

  open override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    glyphs = theme.glyphs
    synchronize(with: value.get())
    let enabled = isEnabled()
    let error = showsError()
    let width = canvas.size.width
    canvas.clear()

    // Read whatever the state, so that the observed reads do not depend on the field's own.
    let captionText = caption?()
    let errorText = error ? errorMessage() : nil
    let notice = wasCutByMaxLength ? maxLengthMessage : nil

    let disabledStyle = Style(.dim)
    drawnAccessoryColumns = 0
    // The label comes first: where both do not fit, the accessory (its keys still work)
    // is left out rather than cut the label.
    if isLabelFloating, let accessory,
      TextWidth.columns(of: label) + 1 + TextWidth.columns(of: accessory) <= width
    {
      drawnAccessoryColumns = TextWidth.columns(of: accessory)
      canvas.draw(accessory, at: Point(x: width - drawnAccessoryColumns, y: 0), style: theme.link)
    }
    let labelStyle = !enabled ? disabledStyle : isFocused ? theme.focusedLabel : theme.label
    if let notice, caption == nil {
      drawLabel(with: notice, width: width, style: labelStyle, in: canvas)
    } else if isLabelFloating {
      canvas.draw(label, at: .zero, style: labelStyle)
    }
    // The maximum-length notice, while it shows, has the meter's place.
    drawMeter(in: canvas, shows: notice == nil || caption != nil)

    if !isLabelFloating {
      canvas.draw(label, at: Point(x: 0, y: 1), style: !enabled ? disabledStyle : theme.placeholder)
      cursorColumn = 0
    } else if editor.isEmpty, let placeholder {
      canvas.draw(placeholder, at: Point(x: 0, y: 1), style: theme.placeholder)
      cursorColumn = 0
    } else {
      let (visible, column) = visibleText(width: width)
      canvas.draw(visible, at: Point(x: 0, y: 1), style: enabled ? theme.text : disabledStyle)
      cursorColumn = column
    }

    let lineStyle =
      !enabled
      ? disabledStyle
      : error || isShowingRefusal ? theme.errorLine : isFocused ? theme.focusedLine : theme.line
    let glyph = isFocused && enabled ? theme.glyphs.heavyLine : theme.glyphs.thinLine
    canvas.fill(row: 2, with: glyph, style: lineStyle)

    if caption != nil {
      if let notice {
        canvas.draw(notice, at: Point(x: 0, y: 3), style: theme.error)
      } else if let errorText {
        canvas.draw(errorText, at: Point(x: 0, y: 3), style: theme.error)
      } else if let captionText {
        let style = !enabled ? disabledStyle : isShowingRefusal ? theme.error : theme.caption
        canvas.draw(captionText, at: Point(x: 0, y: 3), style: style)
      }
    }
  }

  /// The label row with the maximum-length notice at its right, before the accessory; when
  /// both do not fit, the notice takes the label's place.
  private func drawLabel(with notice: String, width: Int, style: Style, in canvas: Canvas) {
    let end = width - (drawnAccessoryColumns > 0 ? drawnAccessoryColumns + 1 : 0)
    let columns = TextWidth.columns(of: notice)
    let labelColumns = isLabelFloating ? TextWidth.columns(of: label) + 1 : 0
    if labelColumns + columns <= end {
      if isLabelFloating { canvas.draw(label, at: .zero, style: style) }
      canvas.draw(notice, at: Point(x: end - columns, y: 0), style: canvas.theme.error)
    } else {
      canvas.draw(
        Canvas.prefix(notice, columns: max(0, end)), at: .zero, style: canvas.theme.error)
    }
  }

  /// The part of the value that fits in `width` columns with the cursor in view, and the
  /// cursor's column in it. One column stays free for the cursor after the last grapheme.
  private func visibleText(width: Int) -> (String, Int) {
    let count = editor.characters.count
    let cursor = editor.cursor
    let room = max(0, width - 1)
    func columns(_ index: Int) -> Int {
      TextWidth.columns(of: displayCharacter(at: index, glyphs: glyphs))
    }

    // Every grapheme takes at least one column, so no more than `room` of them fit
    // before the cursor: start there rather than walk a long text from its beginning.
    scroll = min(max(scroll, cursor - room), cursor)
    var beforeCursor = 0
    for index in scroll..<cursor { beforeCursor += columns(index) }
    while beforeCursor > room && scroll < cursor {
      beforeCursor -= columns(scroll)
      scroll += 1
    }
    // Show as much as fits when the text before the window has become short enough.
    var tail = 0
    var index = scroll
    while index < count && tail <= room {
      tail += columns(index)
      index += 1
    }
    while scroll > 0 && tail + columns(scroll - 1) <= room {
      scroll -= 1
      tail += columns(scroll)
      beforeCursor += columns(scroll)
    }

    var visible = ""
    var used = 0
    index = scroll
    while index < count {
      let character = displayCharacter(at: index, glyphs: glyphs)
      let characterWidth = TextWidth.columns(of: character)
      if used + characterWidth > width { break }
      visible.append(character)
      used += characterWidth
      index += 1
    }
    return (visible, min(beforeCursor, max(0, width - 1)))
  }

  /// Follows the model when it changed the value itself (the cursor goes to the end).
  private func synchronize(with text: String) {
    // Usually the model holds the very string this field gave it, and == sees that at once.
    if text != editorText {
      editor = TextEditor(text: text)
      editorText = text
    }
  }

  // MARK: Input

  open override func handle(_ event: Event) -> Bool {
    guard isEnabled() else { return false }
    // The model may have changed the value while the field was not drawn (too small a
    // terminal): an edit applies to what the model holds, never to a stale copy.
    synchronize(with: value.get())
    // The next key ends the mark of a refusal (and may make another).
    isShowingRefusal = false
    switch event {
    case .text(let text):
      apply(.insert(Self.typable(text)))
      return true
    case .paste(let text):
      apply(.insert(Self.pastable(text)))
      return true
    case .key(Key(.enter, [])):
      return onSubmit?() ?? false
    case .key(let key):
      guard let edit = edit(for: key) else { return false }
      apply(edit)
      return true
    default:
      return false
    }
  }

  /// A click anywhere in the field's rows puts the cursor at the clicked column.
  open override func mouseDown(at point: Point) -> Bool {
    guard isEnabled() else { return false }
    var column = 0
    var index = scroll
    while index < editor.characters.count {
      let width = TextWidth.columns(of: displayCharacter(at: index, glyphs: glyphs))
      if column + width > point.x { break }
      column += width
      index += 1
    }
    apply(.moveTo(index))
    return true
  }

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
      guard let formatted = format.apply(edit, to: &editor) else {
        if isInsertion { isShowingRefusal = true }
        return
      }
      change = formatted
    } else {
      change = editor.apply(edit)
    }
    if change.contains(.text) {
      editorText = editor.text
      value.set(editorText)
      if !cut { wasCutByMaxLength = false }
    }
    if !change.isEmpty { setNeedsDisplay() }
  }

  /// What of `text` fits under the maximum length, in whole graphemes.
  private func limited(_ text: String) -> String {
    guard let maxLength else { return text }
    let used =
      lengthMeasure == .characters ? editor.characters.count : editorText.utf8.count
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
