/// A text field for secrets: the same editor, drawn through a mask of one character per
/// grapheme, with a `[show]`/`[hide]` toggle on the label row (F2, Ctrl-R, or a click).
///
/// Revealing changes only what is drawn; the text, the cursor and focus stay. Word moves
/// and word deletions go to the start or end, so they do not give away where spaces are.
public final class SecureField: TextField {
  /// Whether the text shows instead of the mask.
  @ViewState public private(set) var isRevealed = false
  /// The toggle's word while the text is masked.
  public let showTitle: String
  /// The toggle's word while the text shows.
  public let hideTitle: String
  /// The toggle as drawn, made once: every drawing of the field shows one of them.
  private let showAccessory: String
  private let hideAccessory: String

  /// A secure field; `showTitle` and `hideTitle` are the toggle's words in the screen's
  /// language.
  public init(
    label: String, placeholder: String? = nil, text: Binding<String>,
    caption: (() -> String?)? = nil, showTitle: String = "show", hideTitle: String = "hide"
  ) {
    self.showTitle = showTitle
    self.hideTitle = hideTitle
    showAccessory = "[\(showTitle)]"
    hideAccessory = "[\(hideTitle)]"
    super.init(label: label, placeholder: placeholder, text: text, caption: caption)
  }

  /// Shows the text, or masks it again.
  public func toggleReveal() {
    isRevealed.toggle()
  }

  /// The theme's mask, unless revealed.
  public override func mask(glyphs: Theme.Glyphs) -> Character? {
    isRevealed ? nil : glyphs.mask
  }

  /// `[show]` or `[hide]`.
  public override var accessory: String? { isRevealed ? hideAccessory : showAccessory }

  /// `[show]` and `[hide]`.
  public override var accessories: [String] { [showAccessory, hideAccessory] }

  /// Word moves and deletions go to the start or the end.
  public override func edit(for key: Key) -> TextEditor.Edit? {
    switch super.edit(for: key) {
    case .moveWordLeft: .moveToStart
    case .moveWordRight: .moveToEnd
    case .deleteWordBackward: .deleteToStart
    case let edit: edit
    }
  }

  /// F2 and Ctrl-R toggle the reveal; everything else edits.
  public override func handle(_ event: Event) -> Bool {
    switch event {
    case .key(Key(.function(2), [])), .key(.control("r")):
      guard isEnabled() else { return false }
      toggleReveal()
      return true
    default:
      return super.handle(event)
    }
  }

  /// A click on the toggle toggles; elsewhere it places the cursor.
  public override func mouseDown(at point: Point) -> Bool {
    // Only a toggle that is on screen can be clicked.
    if point.y == 0, drawnAccessoryColumns > 0, point.x >= frame.width - drawnAccessoryColumns {
      guard isEnabled() else { return false }
      toggleReveal()
      return true
    }
    return super.mouseDown(at: point)
  }
}
