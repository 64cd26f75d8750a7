/// A one-line text input with a floating label, an underline and an optional caption.
///
/// Rows: label, value, underline, then the caption row if the field has one. The label
/// floats: it sits dimmed in the value row while the field is empty and unfocused, and
/// above the value while the field is focused or holds text. The placeholder shows in the
/// value row only while the field is focused and empty. The value is bound to a model:
/// every edit that changes the text sets the binding exactly once.
open class TextField: View {
  /// What the field asks for; shown above the value, or in its place while it is empty.
  public let label: String
  /// Shown in the value row while the field is focused and empty.
  public let placeholder: String?
  /// Help shown under the field; replaced by the error message while the field shows an error.
  public let caption: (() -> String?)?
  /// Whether the field takes focus and input.
  @ViewState public var isEnabled: () -> Bool = { true }
  /// Whether the field shows its error state (red underline and caption).
  @ViewState public var showsError: () -> Bool = { false }
  /// The error line shown in the caption row while `showsError` is true.
  @ViewState public var errorMessage: () -> String? = { nil }
  /// Longest text accepted, measured by `lengthMeasure`.
  public var maxLength: Int?
  /// How `maxLength` counts: characters (graphemes, the default) or UTF-8 bytes.
  public var lengthMeasure = LengthMeasure.characters
  /// Why input stopped, shown from an edit that `maxLength` cut or refused until the next
  /// edit of the text that fits: in the caption row if the field has one, otherwise at the
  /// right of the label row.
  @ViewState public var maxLengthMessage: String?
  /// True from an edit cut or refused by `maxLength` until the next edit that fits.
  @ViewState public internal(set) var wasCutByMaxLength = false
  /// What can be typed, and how it is laid out (digits only, a phone mask).
  public var format: (any InputFormat)?
  /// A gauge on the label row, between the label and the accessory (a password's strength).
  @ViewState public var meter: Meter?
  /// Enter in the field: returns whether it acted (submitted the form, say); if not,
  /// Enter moves on to the next field.
  public var onSubmit: (() -> Bool)?
  /// True from a keystroke or paste the field could take none of (a letter in a digits
  /// field, a digit more than fits) until the next key or leaving the field: the caption
  /// (which says what fits) and the underline turn red, so a refusal is never silent.
  @ViewState public internal(set) var isShowingRefusal = false

  /// Leaving the field ends the mark of a refusal.
  open override var isFocused: Bool {
    didSet { if !isFocused { isShowingRefusal = false } }
  }

  let value: Binding<String>
  /// The text and the cursor, as edited; observable (see `editor`).
  var storedEditor: TextEditor
  /// `editor.text`, kept so that comparing it with the model costs nothing.
  var editorText: String
  /// Index of the first grapheme shown: long values scroll horizontally.
  var scroll = 0
  /// Where the cursor was drawn, in the value row.
  var cursorColumn = 0
  /// The mask of the last drawing, for measuring what was drawn when a click comes.
  var drawnMask: Character?
  /// How wide the accessory was drawn (0 when it was not): clicks hit what is on screen.
  @_spi(Testing) public internal(set) var drawnAccessoryColumns = 0

  /// A field showing and editing `text`.
  /// - Parameters:
  ///   - label: what the field asks for.
  ///   - placeholder: shown while the field is focused and empty.
  ///   - text: the value edited, usually a model's property.
  ///   - caption: a line of help under the field; with none, the field has three rows.
  public init(
    label: String, placeholder: String? = nil, text: Binding<String>,
    caption: (() -> String?)? = nil
  ) {
    self.label = label
    self.placeholder = placeholder
    self.caption = caption
    value = text
    editorText = text.get()
    storedEditor = TextEditor(text: editorText)
  }

  /// The text and the cursor being edited. Reading it is observed like a `@ViewState`;
  /// an edit announces itself only when it changed something, so a key that changes
  /// nothing draws nothing.
  @_spi(Testing) public var editor: TextEditor {
    accessOwn(self, keyPath: \.editor, slot: OwnStateSlot.editor)
    return storedEditor
  }

  /// Tells whoever drew `editor` that it has changed.
  func editorDidChange() {
    withOwnMutation(of: self, keyPath: \.editor, slot: OwnStateSlot.editor) {}
  }

  // MARK: What is shown

  /// The character every grapheme is drawn as, or nil to draw the text itself: a secure
  /// field draws a mask. Asked once per drawing.
  open func mask(glyphs: Theme.Glyphs) -> Character? { nil }

  /// The grapheme at `index` as drawn with `mask`.
  func displayCharacter(at index: Int, mask: Character?) -> Character {
    mask ?? storedEditor.characters[index]
  }

  /// Drawn at the right end of the label row (the reveal toggle of a secure field).
  open var accessory: String? { nil }

  /// Every text ``accessory`` may be, for the field's ``idealWidth(for:)``.
  open var accessories: [String] { accessory.map { [$0] } ?? [] }

  /// Every row whole: the label, the meter two columns after it and the widest accessory a
  /// column further; the placeholder; the caption row's texts. (A maximum-length notice
  /// on the label row takes the label's place where both do not fit.)
  open override func idealWidth(for theme: Theme) -> Int {
    let meter = meter.map { 2 + $0.columns + 1 } ?? 0
    let accessory = accessories.map { 1 + TextWidth.columns(of: $0) }.max() ?? 0
    let labelRow = TextWidth.columns(of: label) + meter + accessory
    let captionRow = caption.map { [$0(), errorMessage(), maxLengthMessage] } ?? []
    let texts = ([placeholder] + captionRow).compactMap { $0 }.map(TextWidth.columns)
    return max(labelRow, texts.max() ?? 0)
  }

  /// The key or mouse edit as this field understands it (secure fields change word moves).
  open func edit(for key: Key) -> TextEditor.Edit? {
    Self.standardEdit(for: key)
  }

  // MARK: View

  /// Label, value and underline, and the caption row if the field has a caption.
  public var rowCount: Int { caption == nil ? 3 : 4 }

  /// While it is enabled.
  open override var acceptsFocus: Bool { isEnabled() }

  /// As tall as its rows.
  open override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: proposal.width, height: rowCount)
  }

  /// In the value row, where the last drawing put it.
  open override var cursorPosition: Point? {
    Point(x: cursorColumn, y: 1)
  }

  /// Label, value, underline and caption (see `TextField`).
  open override func draw(in canvas: Canvas) { drawRows(in: canvas) }

  /// Follows the model when it changed the value itself (the cursor goes to the end).
  func synchronize(with text: String) {
    // Usually the model holds the very string this field gave it, and == sees that at once.
    if text != editorText {
      storedEditor = TextEditor(text: text)
      editorText = text
    }
  }

  // MARK: Input

  /// Text, pastes and editing keys edit; Enter submits (see `onSubmit`).
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
    case .refused:
      // Invalid UTF-8 or too many marks: nothing is typed, and the refusal shows.
      isShowingRefusal = true
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
    while index < storedEditor.characters.count {
      let width = TextWidth.columns(of: displayCharacter(at: index, mask: drawnMask))
      if column + width > point.x { break }
      column += width
      index += 1
    }
    apply(.moveTo(index))
    return true
  }
}
