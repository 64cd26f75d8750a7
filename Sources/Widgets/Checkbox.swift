import Terminal

/// `[x] I have read the house rules`: a yes or no, ticked by Space or a click.
///
/// The label wraps under itself where it does not fit. Enter does not tick it: as in a
/// field, Enter moves on, so that a person going down the form with Enter never changes an
/// answer by the way. A disabled checkbox is dimmed and skipped by Tab; one whose
/// `showsError` is true (after it was left unticked, say) is drawn in the error style with
/// `errorMessage` under it. The value is bound to a model and set once per toggle.
public final class Checkbox: View {
  /// What ticking it says.
  public let label: String
  /// Help under the box; replaced by the error message while the box shows an error.
  public let caption: (() -> String?)?
  /// Whether it takes focus and toggles.
  @ViewState public var isEnabled: () -> Bool = { true }
  /// Whether it shows its error state (the box, the label and the message in red).
  @ViewState public var showsError: () -> Bool = { false }
  /// The message shown under it while `showsError` is true.
  @ViewState public var errorMessage: () -> String? = { nil }

  private let value: Binding<Bool>
  /// The application's glyphs: the box's width decides where wrapped lines start.
  private var glyphs = Theme.Glyphs.unicode
  /// The label laid out for the last measure or drawing (they ask the same).
  private var wrap = TextWrapCache()

  /// A checkbox showing and toggling `isOn`.
  /// - Parameters:
  ///   - label: what ticking it says.
  ///   - isOn: the answer, usually a model's property.
  ///   - caption: a line of help under it.
  public init(_ label: String, isOn: Binding<Bool>, caption: (() -> String?)? = nil) {
    self.label = label
    self.caption = caption
    value = isOn
  }

  /// Whether it is ticked now.
  public var isOn: Bool { value.get() }

  /// Ticks it if it is not, and the other way round (when enabled).
  public func toggle() {
    guard isEnabled() else { return }
    value.set(!value.get())
  }

  private func runs(_ glyphs: Theme.Glyphs, on: Bool) -> (runs: [String], indent: Int) {
    let box = on ? glyphs.checked : glyphs.unchecked
    return ([box, " " + label], TextWidth.columns(of: box) + 1)
  }

  /// Whether a row under the label shows now: the caption, or the error message.
  private var messageRow: String? {
    if showsError(), let message = errorMessage() { return message }
    return caption?()
  }

  /// The box, a space and the label on one line; the caption and error message.
  public override func idealWidth(for theme: Theme) -> Int {
    let box = max(
      TextWidth.columns(of: theme.glyphs.checked), TextWidth.columns(of: theme.glyphs.unchecked))
    let texts = [caption?(), errorMessage()].compactMap { $0 }.map(TextWidth.columns)
    return max(box + 1 + TextWidth.columns(of: label), texts.max() ?? 0)
  }

  override func adopt(_ theme: Theme) { glyphs = theme.glyphs }

  /// While it is enabled.
  public override var acceptsFocus: Bool { isEnabled() }

  /// On the box's mark.
  public override var cursorPosition: Point? { Point(x: 1, y: 0) }

  /// The wrapped label, and a row for the caption or the error if there is one.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let (runs, indent) = runs(glyphs, on: value.get())
    let lines = wrap.lineCount(runs, width: proposal.width, indent: indent)
    return Size(width: proposal.width, height: lines + (messageRow == nil ? 0 : 1))
  }

  /// The box and the label in the style for its state; the caption or the error under them.
  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    canvas.clear()
    let enabled = isEnabled()
    let error = showsError()
    let style =
      !enabled ? Style(.dim) : error ? theme.error : isFocused ? theme.focusedLabel : theme.label
    let (runs, indent) = runs(theme.glyphs, on: value.get())
    let pieces = wrap.layout(runs, width: canvas.size.width, indent: indent)
    for piece in pieces {
      canvas.draw(piece.text, at: Point(x: piece.x, y: piece.line), style: style)
    }
    guard let message = messageRow else { return }
    let row = (pieces.last?.line ?? 0) + 1
    let messageStyle = error && errorMessage() != nil ? theme.error : theme.caption
    canvas.draw(truncating: message, at: Point(x: 0, y: row), style: messageStyle)
  }

  /// Space toggles; every other key is the application's (Enter moves on).
  public override func handle(_ event: Event) -> Bool {
    guard isEnabled(), event == .text(" ") else { return false }
    toggle()
    return true
  }

  /// A click on it toggles.
  public override func mouseDown(at point: Point) -> Bool {
    guard isEnabled() else { return false }
    toggle()
    return true
  }
}
