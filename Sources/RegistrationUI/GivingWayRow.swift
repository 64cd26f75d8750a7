import Widgets

/// A blank row that gives way to a message wrapped over more rows: the one row Sign up has
/// to spare at 80x24, so that a notice with the site's contact (two rows) is read whole and
/// the form still fits. Empty while the message fits on its row.
final class GivingWayRow: View {
  private let message: () -> String

  init(to message: @escaping () -> String) { self.message = message }

  override func sizeThatFits(_ proposal: Size) -> Size {
    let wraps = TextWidth.columns(of: message()) > proposal.width
    return Size(width: proposal.width, height: wraps ? 0 : 1)
  }

  override func idealWidth(for theme: Theme) -> Int { 0 }

  override func draw(in canvas: Canvas) {
    canvas.clear()
  }
}
