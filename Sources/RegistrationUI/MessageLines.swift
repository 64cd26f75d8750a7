import Terminal
import Widgets

/// The line under a submit button, wrapped at spaces onto as many rows as it needs (up to
/// `maximumRows`), each row centred: a store's reason is read whole, not cut at the
/// form's width. Read from a closure each time it is drawn, as `Label` is.
final class MessageLines: View {
  private let text: () -> String
  private let style: (Theme) -> Style
  private let fitting: [String]
  /// Enough for any message at the narrowest form; the last row is cut past it.
  static let maximumRows = 6

  init(_ text: @escaping () -> String, style: @escaping (Theme) -> Style, fitting: [String]) {
    self.text = text
    self.style = style
    self.fitting = fitting
  }

  /// The widest of the texts it was told it may show: wider ones wrap.
  override func idealWidth(for theme: Theme) -> Int {
    (fitting + [text()]).map(TextWidth.columns).max() ?? 0
  }

  override func sizeThatFits(_ proposal: Size) -> Size {
    let value = text()
    let width = max(1, proposal.width)
    let rows = min(Self.maximumRows, TextWrap.lineCount([value], width: width))
    return Size(
      width: min(proposal.width, TextWrap.columns([value], width: width)), height: max(1, rows))
  }

  override func draw(in canvas: Canvas) {
    canvas.clear()
    let width = max(1, canvas.size.width)
    let pieces = TextWrap.layout([text()], width: width)
    let lines = Dictionary(grouping: pieces, by: \.line)
    for row in 0..<min(Self.maximumRows, canvas.size.height) {
      guard let line = lines[row] else { continue }
      let shown = line.sorted { $0.x < $1.x }.map(\.text).joined()
      let start = line.map(\.x).min() ?? 0
      let columns = TextWidth.columns(of: shown)
      let x = max(0, (canvas.size.width - columns) / 2)
      // Pieces keep their own spacing: drawn one by one, shifted to centre the row.
      for piece in line {
        canvas.draw(
          truncating: piece.text, at: Point(x: x + piece.x - start, y: row),
          style: style(canvas.theme))
      }
    }
  }
}
