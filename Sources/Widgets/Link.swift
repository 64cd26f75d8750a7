import Terminal

/// A line of text whose last part can be followed: `Already have an account? Sign in`.
public final class Link: Control {
  public let lead: String
  public let title: String
  public var action: () -> Void

  public init(_ lead: String = "", title: String, action: @escaping () -> Void) {
    self.lead = lead.isEmpty || lead.hasSuffix(" ") ? lead : lead + " "
    self.title = title
    self.action = action
  }

  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: min(proposal.width, TextWidth.columns(of: lead + title)), height: 1)
  }

  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    canvas.clear()
    canvas.draw(lead, at: .zero, style: theme.text)
    canvas.draw(
      title, at: Point(x: TextWidth.columns(of: lead), y: 0),
      style: isFocused ? theme.focusedLink : theme.link)
  }

  public override func activate() { action() }
}
