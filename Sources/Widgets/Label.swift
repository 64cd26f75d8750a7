import Terminal

/// One row of text: fixed, or read from a closure each time it is drawn (so a label bound
/// to observable state redraws when that state changes). A label that `wraps` takes as
/// many rows as its words need instead of cutting them.
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
  private let wraps: Bool
  private var wrap = TextWrapCache()

  /// A label showing what `text` returns, read each time it is drawn; `fitting` lists the
  /// longest texts it may show, for its ``idealWidth(for:)``. With `wraps`, a text wider
  /// than the label goes on over more rows, each aligned.
  public init(
    _ text: @escaping () -> String, alignment: Alignment = .leading,
    style: @escaping (Theme) -> Style = { $0.text }, fitting: [String] = [], wraps: Bool = false
  ) {
    self.text = text
    self.style = style
    self.alignment = alignment
    self.fitting = fitting
    self.wraps = wraps
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

  /// One row, as wide as the text (at most the proposal); a label that wraps, as many rows
  /// as its words take at the proposal's width.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let value = text()
    let columns = TextWidth.columns(of: value)
    guard wraps, proposal.width < columns else {
      return Size(width: min(proposal.width, columns), height: 1)
    }
    return Size(width: proposal.width, height: wrap.lineCount([value], width: proposal.width))
  }

  /// The text, aligned, cut with an ellipsis if it does not fit (or wrapped, if it wraps).
  public override func draw(in canvas: Canvas) {
    canvas.clear()
    let value = text()
    // An empty text has no style to ask for: what decides the style (an error or a hint)
    // does not redraw a label that shows nothing.
    guard !value.isEmpty else { return }
    let style = style(canvas.theme)
    let columns = TextWidth.columns(of: value)
    guard wraps, columns > canvas.size.width else {
      let x = offset(columns: columns, in: canvas.size.width)
      canvas.draw(truncating: value, at: Point(x: x, y: 0), style: style)
      return
    }
    let pieces = wrap.layout([value], width: canvas.size.width)
    var lineWidths: [Int: Int] = [:]
    for piece in pieces {
      lineWidths[piece.line] = max(
        lineWidths[piece.line] ?? 0, piece.x + TextWidth.columns(of: piece.text))
    }
    for piece in pieces {
      let x = offset(columns: lineWidths[piece.line] ?? 0, in: canvas.size.width)
      canvas.draw(piece.text, at: Point(x: x + piece.x, y: piece.line), style: style)
    }
  }

  /// Where a line of `columns` starts in a row `width` wide.
  private func offset(columns: Int, in width: Int) -> Int {
    alignment == .center ? max(0, (width - columns) / 2) : 0
  }
}
