/// One requirement under a field: an icon and a text, struck through once it is met.
///
/// On UTF-8 screens a met row is drawn with U+0336 after every grapheme and re-coloured;
/// elsewhere it is marked `ok` and dimmed (never `[x]`, which is a ticked ``Checkbox``). A text too long for the row wraps under
/// itself. A row may offer a way out after its text (`Sign in instead?`): while it shows,
/// the row takes focus like a link, and Enter, Space or a click follows it.
public final class RequirementRow: Control {
  /// How the row shows its requirement.
  public enum State: Hashable, Sendable {
    /// Not met yet: plain.
    case unmet
    /// Met: struck through and green.
    case met
    /// Unmet, and the user has been told: shown as an error.
    case failed
    /// Being checked; the answer is not in yet.
    case pending
  }

  /// A link after the row's text, shown while `title` returns one.
  public struct Offer {
    /// The offer's words, or nil while there is nothing to offer.
    public var title: () -> String?
    /// What following the offer does.
    public var action: () -> Void

    /// An offer titled by `title`, doing `action`.
    public init(title: @escaping () -> String?, action: @escaping () -> Void) {
      self.title = title
      self.action = action
    }
  }

  private let text: () -> String
  private let fitting: [String]
  private let state: () -> State
  /// What the row offers after its text, if anything.
  @ViewState public var offer: Offer?
  /// The application's glyphs: the icon's width decides where wrapped lines start.
  private var glyphs = Theme.Glyphs.unicode {
    didSet { iconWidths = Self.iconWidths(of: glyphs) }
  }
  /// How wide each icon is, measured once for the glyphs rather than on every key.
  private var iconWidths = RequirementRow.iconWidths(of: .unicode)
  /// The text laid out for the last measure or drawing, and the met texts struck through:
  /// every key may redraw the rows, few change their words.
  private var wrap = TextWrapCache()
  private var struck: [String: String] = [:]
  /// How many times the row's words were laid out: what tests count.
  @_spi(Testing) public var layoutCount: Int { wrap.layouts }

  /// A row showing `text` in `state`, both read when it is drawn; `fitting` lists the
  /// other texts it may show, for its ``idealWidth(for:)``.
  public init(
    _ text: @escaping () -> String, fitting: [String] = [], state: @escaping () -> State
  ) {
    self.text = text
    self.fitting = fitting
    self.state = state
  }

  /// A row with a fixed text.
  public convenience init(_ text: String, state: @escaping () -> State) {
    self.init({ text }, state: state)
  }

  /// The widest icon, a space, and the widest of its texts: on one line, unwrapped.
  public override func idealWidth(for theme: Theme) -> Int {
    let glyphs = theme.glyphs
    let icon = [glyphs.met, glyphs.unmet, glyphs.pending].map(TextWidth.columns).max() ?? 0
    return icon + 1 + ((fitting + [text()]).map(TextWidth.columns).max() ?? 0)
  }

  /// While it shows an offer.
  public override var acceptsFocus: Bool { offer?.title() != nil }

  /// Follows the offer.
  public override func activate() {
    if let offer, offer.title() != nil { offer.action() }
  }

  /// A click follows the offer, if one shows.
  public override func mouseDown(at point: Point) -> Bool {
    guard acceptsFocus else { return false }
    return super.mouseDown(at: point)
  }

  /// The icon of a row in `state`, and its columns.
  private func icon(_ state: State) -> (text: String, columns: Int) {
    switch state {
    case .met: (glyphs.met, iconWidths.met)
    case .unmet, .failed: (glyphs.unmet, iconWidths.unmet)
    case .pending: (glyphs.pending, iconWidths.pending)
    }
  }

  private static func iconWidths(of glyphs: Theme.Glyphs) -> (met: Int, unmet: Int, pending: Int) {
    (
      TextWidth.columns(of: glyphs.met), TextWidth.columns(of: glyphs.unmet),
      TextWidth.columns(of: glyphs.pending)
    )
  }

  /// The icon, the text and the offer, as runs for `TextWrap`. The icon takes part only by
  /// its width, as a stand-in of that many columns: a row that changes state (on most keys,
  /// some row does) changes its icon alone, and keeps its layout.
  private func runs(iconColumns: Int) -> [String] {
    var runs = [String(repeating: "#", count: iconColumns), " " + text()]
    if let title = offer?.title() { runs.append(" " + title) }
    return runs
  }

  override func adopt(_ theme: Theme) { glyphs = theme.glyphs }

  /// As many rows as the wrapped text takes.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let iconColumns = icon(state()).columns
    return Size(
      width: proposal.width,
      height: wrap.lineCount(
        runs(iconColumns: iconColumns), width: proposal.width, indent: iconColumns + 1))
  }

  /// The icon, the text (struck when met) and the offer, wrapped under the text.
  public override func draw(in canvas: Canvas) {
    canvas.clear()
    let theme = canvas.theme
    let state = state()
    let style =
      switch state {
      case .met: theme.met
      case .unmet: theme.unmet
      case .failed: theme.error
      case .pending: theme.pending
      }
    let (icon, iconColumns) = icon(state)
    let pieces = wrap.layout(
      runs(iconColumns: iconColumns), width: canvas.size.width, indent: iconColumns + 1)
    for piece in pieces {
      let text =
        switch piece.run {
        // The stand-in, and the space after it in the icon's style.
        case 0: piece.x == 0 && piece.line == 0 ? icon + piece.text.dropFirst(iconColumns) : ""
        case 1: state == .met && glyphs.canStrike ? struckThrough(piece.text) : piece.text
        default: piece.text
        }
      let pieceStyle = piece.run == 2 ? (isFocused ? theme.focusedLink : theme.link) : style
      canvas.draw(text, at: Point(x: piece.x, y: piece.line), style: pieceStyle)
    }
  }

  /// `text` struck through, kept: a row's few texts are struck again on every redraw.
  private func struckThrough(_ text: String) -> String {
    if let kept = struck[text] { return kept }
    // A few texts per row; one that keeps changing (an answer) must not pile up.
    if struck.count >= 8 { struck.removeAll() }
    let result = text.struckThrough
    struck[text] = result
    return result
  }
}
