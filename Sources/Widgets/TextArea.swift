import Terminal

/// A text of several lines: a label, rows of text wrapped to the width, an underline and an
/// optional caption.
///
/// It edits as a ``TextField`` does (the same keys, graphemes, the same refusal of
/// controls, the same maximum length and notice), and besides: Enter starts a new line, Up
/// and Down go to the row above and below (from the first row and the last, the
/// application's: the focus moves as from a field), Home and End (Ctrl-A, Ctrl-E) to the
/// start and end of the row, Ctrl-U and Ctrl-K delete to the start and end of the line. A
/// paste keeps its line breaks (any kind becomes one `\n`), without those at its ends; tabs
/// become spaces and other controls go. The rows scroll to keep the cursor in sight, with
/// marks where text is out of sight.
public final class TextArea: View {
  /// What the area asks for; shown above the text.
  public let label: String
  /// Help shown under the area; replaced by the error message while it shows an error.
  public let caption: (() -> String?)?
  /// How many rows of text show at once.
  public let visibleLines: Int
  /// Whether it takes focus and input.
  @ViewState public var isEnabled: () -> Bool = { true }
  /// Whether it shows its error state (red underline and caption).
  @ViewState public var showsError: () -> Bool = { false }
  /// The error line shown in the caption row while `showsError` is true.
  @ViewState public var errorMessage: () -> String? = { nil }
  /// Longest text accepted, measured by `lengthMeasure` (a line break counts as one).
  public var maxLength: Int?
  /// How `maxLength` counts: characters (graphemes, the default) or UTF-8 bytes.
  public var lengthMeasure = LengthMeasure.characters
  /// Why input stopped, shown in the caption row from an edit that `maxLength` cut or
  /// refused until the next edit that fits.
  @ViewState public var maxLengthMessage: String?
  /// True from an edit cut or refused by `maxLength` until the next edit that fits.
  @ViewState public private(set) var wasCutByMaxLength = false
  /// True from a keystroke or paste the area could take none of until the next key or
  /// leaving it: the underline and caption turn red, so a refusal is never silent.
  @ViewState public private(set) var isShowingRefusal = false

  /// Leaving the area ends the mark of a refusal.
  public override var isFocused: Bool {
    didSet { if !isFocused { isShowingRefusal = false } }
  }

  private let value: Binding<String>
  private var storedEditor: TextEditor
  private var editorText: String
  /// The first row shown: a long text scrolls.
  private var scrollRow = 0
  /// The column Up and Down keep to, from the first of them in a row.
  private var goalColumn: Int?
  private var glyphs = Theme.Glyphs.unicode

  /// An area showing and editing `text`.
  /// - Parameters:
  ///   - label: what the area asks for.
  ///   - text: the value edited, usually a model's property.
  ///   - visibleLines: the rows of text shown at once (at least one).
  ///   - caption: a line of help under it.
  public init(
    label: String, text: Binding<String>, visibleLines: Int = 4, caption: (() -> String?)? = nil
  ) {
    self.label = label
    self.caption = caption
    self.visibleLines = max(1, visibleLines)
    value = text
    editorText = text.get()
    storedEditor = TextEditor(text: editorText)
  }

  /// The text and the cursor being edited. Reading it is observed like a `@ViewState`; an
  /// edit announces itself only when it changed something.
  public var editor: TextEditor {
    accessOwn(self, keyPath: \.editor, slot: OwnStateSlot.editor)
    return storedEditor
  }

  private func editorDidChange() {
    withOwnMutation(of: self, keyPath: \.editor, slot: OwnStateSlot.editor) {}
  }

  /// Follows the model when it changed the value itself (the cursor goes to the end).
  private func synchronize() {
    let text = value.get()
    if text != editorText {
      storedEditor = TextEditor(text: text)
      editorText = text
    }
  }

  // MARK: View

  /// Label, the text's rows, underline, and the caption row if it has a caption.
  public var rowCount: Int { visibleLines + (caption == nil ? 2 : 3) }

  /// While it is enabled.
  public override var acceptsFocus: Bool { isEnabled() }

  /// As tall as its rows.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: proposal.width, height: rowCount)
  }

  /// The label with a scroll mark, and the caption row's texts.
  public override func idealWidth(for theme: Theme) -> Int {
    let texts = [label, caption?(), errorMessage(), maxLengthMessage].compactMap { $0 }
    return (texts.map(TextWidth.columns).max() ?? 0) + 2
  }

  override func adopt(_ theme: Theme) { glyphs = theme.glyphs }

  /// Where the last drawing put the cursor.
  public override var cursorPosition: Point? {
    let rows = TextWrapRows(storedEditor.characters, width: frame.width)
    let cursor = storedEditor.cursor
    let row = rows.row(of: cursor) - scrollRow
    guard row >= 0, row < visibleLines else { return nil }
    return Point(x: min(rows.column(of: cursor), max(0, frame.width - 1)), y: 1 + row)
  }

  /// Label, the rows in sight, underline and caption or error; every row painted.
  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    synchronize()
    let width = canvas.size.width
    canvas.clear()
    let enabled = isEnabled()
    let error = showsError()
    let focused = isFocused
    let refused = isShowingRefusal
    let editor = editor
    let rows = TextWrapRows(editor.characters, width: width)
    scroll(to: rows.row(of: editor.cursor), rows: rows.rows.count)

    let disabled = Style(.dim)
    // The scroll mark keeps its column and a space before it.
    let labelColumns = scrollRow > 0 ? width - 2 : width
    canvas.draw(
      Canvas.fitted(label, columns: labelColumns, ellipsis: glyphs.ellipsis), at: .zero,
      style: !enabled ? disabled : focused ? theme.focusedLabel : theme.label)
    if scrollRow > 0 {
      canvas.draw(glyphs.moreAbove, at: Point(x: width - 1, y: 0), style: theme.caption)
    }
    for line in 0..<visibleLines where scrollRow + line < rows.rows.count {
      let range = rows.rows[scrollRow + line]
      canvas.draw(
        String(editor.characters[range]), at: Point(x: 0, y: 1 + line),
        style: enabled ? theme.text : disabled)
    }
    let lineStyle =
      !enabled
      ? disabled : error || refused ? theme.errorLine : focused ? theme.focusedLine : theme.line
    let underline = 1 + visibleLines
    canvas.fill(
      row: underline, with: focused && enabled ? glyphs.heavyLine : glyphs.thinLine,
      style: lineStyle)
    if scrollRow + visibleLines < rows.rows.count {
      canvas.draw(glyphs.moreBelow, at: Point(x: width - 1, y: underline), style: theme.caption)
    }
    guard caption != nil else { return }
    let notice = wasCutByMaxLength ? maxLengthMessage : nil
    let errorText = error ? errorMessage() : nil
    if let message = notice ?? errorText {
      canvas.draw(truncating: message, at: Point(x: 0, y: underline + 1), style: theme.error)
    } else if let text = caption?() {
      let style = !enabled ? disabled : refused ? theme.error : theme.caption
      canvas.draw(truncating: text, at: Point(x: 0, y: underline + 1), style: style)
    }
  }

  /// Keeps `row` in sight, and no blank rows after the text while it has more above.
  private func scroll(to row: Int, rows: Int) {
    scrollRow = min(scrollRow, max(0, rows - visibleLines))
    if row < scrollRow { scrollRow = row }
    if row >= scrollRow + visibleLines { scrollRow = row - visibleLines + 1 }
  }

  // MARK: Input

  /// Text, pastes, Enter and the editing keys edit; Up and Down move between rows.
  public override func handle(_ event: Event) -> Bool {
    guard isEnabled() else { return false }
    synchronize()
    isShowingRefusal = false
    switch event {
    case .text(let text):
      insert(TextField.typable(text))
    case .paste(let text):
      insert(Self.pastable(text))
    case .key(Key(.enter, [])):
      insert("\n")
    case .key(Key(.up, [])):
      return moveVertically(by: -1)
    case .key(Key(.down, [])):
      return moveVertically(by: 1)
    case .key(let key):
      guard let edit = edit(for: key) else { return false }
      apply(edit)
    default:
      return false
    }
    return true
  }

  /// A click in the text's rows puts the cursor at the clicked place; under the text, at
  /// its end.
  public override func mouseDown(at point: Point) -> Bool {
    guard isEnabled() else { return false }
    let rows = TextWrapRows(storedEditor.characters, width: frame.width)
    let row = max(0, scrollRow + point.y - 1)
    guard row < rows.rows.count else {
      apply(.moveToEnd)
      return true
    }
    apply(.moveTo(rows.index(inRow: row, column: point.x)))
    return true
  }

  /// A key's edit: a field's, but Home and End keep to the row, Ctrl-U and Ctrl-K to the
  /// line.
  private func edit(for key: Key) -> TextEditor.Edit? {
    let rows = TextWrapRows(storedEditor.characters, width: frame.width)
    let cursor = storedEditor.cursor
    let row = rows.row(of: cursor)
    switch (key.code, key.modifiers) {
    case (.home, []), (.character("a"), .control):
      return .moveTo(rows.rows[row].lowerBound)
    case (.end, []), (.character("e"), .control):
      return .moveTo(rows.end(of: row))
    case (.character("u"), .control):
      deleteLine(to: lineStart(before: cursor))
      return nil
    case (.character("k"), .control):
      deleteLine(to: lineEnd(after: cursor))
      return nil
    default:
      return TextField.standardEdit(for: key)
    }
  }

  private func lineStart(before index: Int) -> Int {
    storedEditor.characters[..<index].lastIndex(of: "\n").map { $0 + 1 } ?? 0
  }

  private func lineEnd(after index: Int) -> Int {
    storedEditor.characters[index...].firstIndex(of: "\n") ?? storedEditor.characters.count
  }

  /// Deletes between the cursor and `bound`, one grapheme at a time (the editor's own
  /// deletions, so neighbours join as they do in a field), as one change to the model.
  private func deleteLine(to bound: Int) {
    let cursor = storedEditor.cursor
    guard bound != cursor else { return }
    for _ in 0..<abs(bound - cursor) {
      storedEditor.apply(bound < cursor ? .deleteBackward : .deleteForward)
    }
    textDidChange(cut: false)
    editorDidChange()
  }

  private func moveVertically(by step: Int) -> Bool {
    let rows = TextWrapRows(storedEditor.characters, width: frame.width)
    let cursor = storedEditor.cursor
    let row = rows.row(of: cursor) + step
    guard rows.rows.indices.contains(row) else { return false }
    let goal = goalColumn ?? rows.column(of: cursor)
    apply(.moveTo(rows.index(inRow: row, column: goal)))
    goalColumn = goal
    return true
  }

  private func insert(_ text: String) {
    guard !text.isEmpty else { return }
    let accepted = limited(text)
    let cut = accepted.utf8.count < text.utf8.count
    if cut { wasCutByMaxLength = true }
    guard !accepted.isEmpty else {
      isShowingRefusal = true
      return
    }
    apply(.insert(accepted), cut: cut)
  }

  /// Applies an edit, tells the model once if the text changed, and announces a change.
  private func apply(_ edit: TextEditor.Edit, cut: Bool = false) {
    goalColumn = nil
    let change = storedEditor.apply(edit)
    if change.contains(.text) { textDidChange(cut: cut) }
    if !change.isEmpty { editorDidChange() }
  }

  private func textDidChange(cut: Bool) {
    editorText = storedEditor.text
    value.set(editorText)
    if !cut { wasCutByMaxLength = false }
  }

  /// What of `text` fits under the maximum length, in whole graphemes.
  private func limited(_ text: String) -> String {
    guard let maxLength else { return text }
    let used =
      lengthMeasure == .characters ? storedEditor.characters.count : editorText.utf8.count
    return String(lengthMeasure.prefix(of: text, room: maxLength - used))
  }

  /// Paste text with its line breaks, each one `\n`, but none at its ends; tabs become
  /// spaces; other controls go.
  static func pastable(_ text: String) -> String {
    var lines = ""
    for character in text {
      if character.isNewline {
        lines.append("\n")
      } else if character == "\t" {
        lines.append(" ")
      } else if let first = character.unicodeScalars.first, !TextWidth.isControl(first) {
        lines.append(character)
      }
    }
    let start = lines.firstIndex { $0 != "\n" } ?? lines.endIndex
    let end = lines.lastIndex { $0 != "\n" }.map { lines.index(after: $0) } ?? start
    return String(lines[start..<max(start, end)])
  }
}
