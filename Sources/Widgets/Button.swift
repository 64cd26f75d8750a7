/// `[ Title ]`: activated by Enter, Space or a click.
///
/// A disabled button still takes focus, so that activating it can say why nothing
/// happened (`onDisabledActivation`), and dims itself.
public final class Button: Control {
  /// The words on the button.
  public let title: String
  /// Whether activating it acts; a disabled button is dimmed.
  @ViewState public var isEnabled: () -> Bool
  /// What activating it does while it is enabled.
  public var action: () -> Void
  /// What activating it does while it is disabled (say why nothing happened).
  public var onDisabledActivation: () -> Void = {}

  /// A button titled `title`.
  public init(
    _ title: String, isEnabled: @escaping () -> Bool = { true }, action: @escaping () -> Void
  ) {
    self.title = title
    self.isEnabled = isEnabled
    self.action = action
  }

  private var face: String { "[ \(title) ]" }

  /// Its face, whole.
  public override func idealWidth(for theme: Theme) -> Int { TextWidth.columns(of: face) }

  /// As wide as `[ Title ]`, one row.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: min(proposal.width, TextWidth.columns(of: face)), height: 1)
  }

  /// The face, in the style for its state (enabled or not, focused or not).
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

  /// The action, or `onDisabledActivation` while disabled.
  public override func activate() {
    if isEnabled() { action() } else { onDisabledActivation() }
  }
}
