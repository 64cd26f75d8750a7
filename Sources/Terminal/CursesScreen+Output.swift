import CNcurses

/// Drawing through ncurses (``CursesOutput``), and placing the cursor.
extension CursesScreen {
  /// The terminal's size, at most ``maximumSize``.
  public var size: Size { output.size }

  /// Draws `text` into ncurses' buffer, one grapheme per cell (see ``TextWidth``).
  public func draw(_ text: String, at origin: Point, style: Style) {
    output.draw(text, at: origin, style: style)
  }

  /// Fills `rect` row by row, one ncurses call a row.
  public func fill(_ rect: Rect, with character: Character, style: Style) {
    output.fill(rect, with: character, style: style)
  }

  /// Sends the cells that changed since the last flush, and places the cursor.
  public func flush() {
    let size = self.size
    let visible = cursor.flatMap { point in
      Rect(origin: .zero, size: size).contains(point) ? point : nil
    }
    if (visible == nil) != (shownCursor == nil) { curs_set(visible == nil ? 0 : 1) }
    shownCursor = visible
    if let visible { wmove(output.window, Int32(visible.y), Int32(visible.x)) }
    output.send()
  }

  /// Makes the next flush repaint the whole terminal.
  public func invalidate() {
    clearok(cn_curscr(), true)
  }
}
