import Terminal

/// What the application draws itself, around the views: the notice for a terminal too
/// small, and the marks for content out of sight.
extension Application {
  /// `text` wrapped to the screen's width, each line centred, the block in the middle.
  func drawNotice(_ text: String) {
    let size = screen.size
    let pieces = TextWrap.layout([text], width: size.width)
    let lines = (pieces.last?.line ?? 0) + 1
    let top = max(0, (size.height - lines) / 2)
    for line in 0..<min(lines, size.height) {
      let row = pieces.filter { $0.line == line }
      guard let first = row.first, let last = row.last else { continue }
      let width = last.x + TextWidth.columns(of: last.text) - first.x
      let left = max(0, (size.width - width) / 2) - first.x
      for piece in row {
        let fitted = Canvas.prefix(piece.text, columns: max(0, size.width - left - piece.x))
        screen.draw(fitted, at: Point(x: left + piece.x, y: top + line), style: theme.error)
      }
    }
  }

  /// Marks in the rows above and below the viewport where content is out of sight.
  func drawScrollMarks() {
    guard viewport.height < screen.size.height else { return }
    let x = root.frame.minX + root.frame.width / 2
    if scrollY > 0 {
      screen.draw(theme.glyphs.moreAbove, at: Point(x: x, y: 0), style: theme.caption)
    }
    if scrollY + viewport.height < root.frame.height {
      screen.draw(
        theme.glyphs.moreBelow, at: Point(x: x, y: screen.size.height - 1), style: theme.caption)
    }
  }
}
