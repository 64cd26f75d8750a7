import Terminal

/// A line of text whose last part can be followed: `Already have an account? Sign in`.
/// Where the line does not fit it wraps, so that the link is always shown whole.
public final class Link: Control {
  /// The words before the link (`Already have an account?`).
  public let lead: String
  /// The link itself (`Sign in`).
  public let title: String
  /// What following it does.
  public var action: () -> Void
  /// The words laid out for the last measure or drawing (they ask the same).
  private var wrap = TextWrapCache()

  /// A link titled `title` after `lead`.
  public init(_ lead: String = "", title: String, action: @escaping () -> Void) {
    self.lead = lead.isEmpty || lead.hasSuffix(" ") ? lead : lead + " "
    self.title = title
    self.action = action
  }

  /// The lead and the title on one line.
  public override func idealWidth(for theme: Theme) -> Int {
    TextWidth.columns(of: lead + title)
  }

  /// One row if it fits, otherwise as many as it wraps to.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let whole = TextWidth.columns(of: lead + title)
    if whole <= proposal.width { return Size(width: whole, height: 1) }
    return Size(
      width: wrap.columns([lead, title], width: proposal.width),
      height: wrap.lineCount([lead, title], width: proposal.width))
  }

  /// The lead, then the title in the link's style.
  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    canvas.clear()
    for piece in wrap.layout([lead, title], width: canvas.size.width) {
      let style = piece.run == 0 ? theme.text : isFocused ? theme.focusedLink : theme.link
      canvas.draw(piece.text, at: Point(x: piece.x, y: piece.line), style: style)
    }
  }

  /// Follows the link.
  public override func activate() { action() }
}
