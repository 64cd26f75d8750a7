import Terminal

/// The last layout a view asked ``TextWrap`` for, kept with what it was asked: measuring a
/// view and drawing it ask the same, and so does a redraw for a change the text does not
/// see (focus, a style), so the words are laid out once per text and width, not per frame.
struct TextWrapCache {
  private var runs: [String] = []
  private var width = -1
  private var indent = 0
  private var pieces: [TextWrap.Piece] = []
  /// How many layouts were made rather than found: what tests count.
  private(set) var layouts = 0

  /// ``TextWrap/layout(_:width:indent:)``, made only when its question changed.
  mutating func layout(_ runs: [String], width: Int, indent: Int = 0) -> [TextWrap.Piece] {
    if width != self.width || indent != self.indent || runs != self.runs {
      pieces = TextWrap.layout(runs, width: width, indent: indent)
      (self.runs, self.width, self.indent) = (runs, width, indent)
      layouts += 1
    }
    return pieces
  }

  /// ``TextWrap/lineCount(_:width:indent:)`` from the kept layout.
  mutating func lineCount(_ runs: [String], width: Int, indent: Int = 0) -> Int {
    max(1, (layout(runs, width: width, indent: indent).last?.line ?? 0) + 1)
  }

  /// ``TextWrap/columns(_:width:indent:)`` from the kept layout.
  mutating func columns(_ runs: [String], width: Int, indent: Int = 0) -> Int {
    layout(runs, width: width, indent: indent).map { $0.x + TextWidth.columns(of: $0.text) }
      .max() ?? 0
  }
}
