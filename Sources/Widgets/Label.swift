import Terminal

/// One row of text: fixed, or read from a closure each time it is drawn (so a label bound
/// to observable state redraws when that state changes).
public final class Label: View {
  /// Where the text sits in the row.
  public enum Alignment: Sendable {
    /// At the left.
    case leading
    /// In the middle.
    case center
  }

  private let text: () -> String
  private let style: (Theme) -> Style
  private let alignment: Alignment
  private let fitting: [String]

  /// A label showing what `text` returns, read each time it is drawn; `fitting` lists the
  /// longest texts it may show, for its ``idealWidth(for:)``.
  public init(
    _ text: @escaping () -> String, alignment: Alignment = .leading,
    style: @escaping (Theme) -> Style = { $0.text }, fitting: [String] = []
  ) {
    self.text = text
    self.style = style
    self.alignment = alignment
    self.fitting = fitting
  }

  /// A label showing `text`.
  public convenience init(
    _ text: String, alignment: Alignment = .leading,
    style: @escaping (Theme) -> Style = { $0.text }
  ) {
    self.init({ text }, alignment: alignment, style: style)
  }

  /// The widest of its text now and the texts it was told it may show.
  public override func idealWidth(for theme: Theme) -> Int {
    (fitting + [text()]).map(TextWidth.columns).max() ?? 0
  }

  /// One row, as wide as the text (at most the proposal).
  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: min(proposal.width, TextWidth.columns(of: text())), height: 1)
  }

  /// The text, aligned, cut with an ellipsis if it does not fit.
  public override func draw(in canvas: Canvas) {
    canvas.clear()
    let value = text()
    let x =
      alignment == .center ? max(0, (canvas.size.width - TextWidth.columns(of: value)) / 2) : 0
    canvas.draw(truncating: value, at: Point(x: x, y: 0), style: style(canvas.theme))
  }
}
