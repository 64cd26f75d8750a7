import Terminal

/// `[ Title ]`: activated by Enter, Space or a click.
///
/// A disabled button still takes focus, so that activating it can say why nothing
/// happened (`onDisabledActivation`), and dims itself.
public final class Button: Control {
  public let title: String
  public var isEnabled: () -> Bool
  public var action: () -> Void
  public var onDisabledActivation: () -> Void = {}

  public init(
    _ title: String, isEnabled: @escaping () -> Bool = { true }, action: @escaping () -> Void
  ) {
    self.title = title
    self.isEnabled = isEnabled
    self.action = action
  }

  private var face: String { "[ \(title) ]" }

  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: min(proposal.width, TextWidth.columns(of: face)), height: 1)
  }

  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    let style =
      switch (isEnabled(), isFocused) {
      case (true, true): theme.focusedButton
      case (true, false): theme.button
      case (false, true): theme.focusedDisabledButton
      case (false, false): theme.disabledButton
      }
    canvas.clear()
    canvas.draw(face, at: .zero, style: style)
  }

  public override func activate() {
    if isEnabled() { action() } else { onDisabledActivation() }
  }
}
