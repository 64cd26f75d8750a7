import Terminal

/// One requirement under a field: an icon and a text, struck through once it is met.
///
/// On UTF-8 screens a met row is drawn with U+0336 after every grapheme and re-coloured;
/// elsewhere it is marked `[x]` and dimmed.
public final class RequirementRow: View {
  public enum State: Hashable, Sendable {
    case unmet
    case met
    /// Unmet, and the user has been told: shown as an error.
    case failed
    /// Being checked; the answer is not in yet.
    case pending
  }

  private let text: () -> String
  private let state: () -> State

  public init(_ text: @escaping () -> String, state: @escaping () -> State) {
    self.text = text
    self.state = state
  }

  public convenience init(_ text: String, state: @escaping () -> State) {
    self.init({ text }, state: state)
  }

  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: proposal.width, height: 1)
  }

  public override func draw(in canvas: Canvas) {
    canvas.clear()
    let theme = canvas.theme
    let glyphs = theme.glyphs
    let text = text()
    let (icon, body, style): (String, String, Style) =
      switch state() {
      case .met: (glyphs.met, glyphs.canStrike ? text.struckThrough : text, theme.met)
      case .unmet: (glyphs.unmet, text, theme.unmet)
      case .failed: (glyphs.unmet, text, theme.error)
      case .pending: (glyphs.pending, text, theme.pending)
      }
    canvas.draw(truncating: icon + " " + body, at: .zero, style: style)
  }
}
