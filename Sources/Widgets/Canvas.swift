import Terminal

/// Where a view draws: the screen, seen through the view's frame.
///
/// Points are relative to the view's top-left corner; anything outside the view's frame
/// or the visible part of the screen is clipped, so a view cannot paint over another.
public struct Canvas {
  /// The screen drawn on.
  public let screen: any Screen
  /// The glyphs and styles to draw with.
  public let theme: Theme
  /// The view's frame on the screen (may extend past the screen's edges).
  public let bounds: Rect
  /// The part of the screen the view may paint.
  public let clip: Rect

  /// The view's size: points go from (0, 0) to one short of it.
  public var size: Size { bounds.size }

  /// Draws `text` at `point`, cut at the view's right edge.
  public func draw(_ text: String, at point: Point, style: Style) {
    let y = bounds.minY + point.y
    guard point.y >= 0, point.y < bounds.height, y >= clip.minY, y < clip.maxY else { return }
    let available = bounds.width - point.x
    guard available > 0, point.x >= 0 else { return }
    // No grapheme takes more columns than it has bytes: a short text needs no measuring.
    let fits = text.utf8.count <= available || TextWidth.columns(of: text) <= available
    let fitted = fits ? text : Self.prefix(text, columns: available)
    screen.draw(fitted, at: Point(x: bounds.minX + point.x, y: y), style: style)
  }

  /// Draws `text` at `point`, ending it with an ellipsis if it has to be cut at the right
  /// edge, so that a cut is visible.
  public func draw(truncating text: String, at point: Point, style: Style) {
    let available = bounds.width - point.x
    var text = text
    if TextWidth.columns(of: text) > available {
      let ellipsis = theme.glyphs.ellipsis
      text =
        Self.prefix(text, columns: max(0, available - TextWidth.columns(of: ellipsis))) + ellipsis
    }
    draw(text, at: point, style: style)
  }

  /// Blanks the whole view.
  public func clear() {
    screen.clear(bounds.intersection(clip))
  }

  /// Fills row `y` of the view, from column `x` to the right edge, with a one-column
  /// `character`: one call however wide the row.
  public func fill(row y: Int, from x: Int = 0, with character: Character, style: Style) {
    guard y >= 0, y < bounds.height, x >= 0, x < bounds.width else { return }
    let rect = Rect(x: bounds.minX + x, y: bounds.minY + y, width: bounds.width - x, height: 1)
    screen.fill(rect.intersection(clip), with: character, style: style)
  }

  /// `text` cut to `columns`, ending with `ellipsis` where it was cut (if that fits).
  static func fitted(_ text: String, columns: Int, ellipsis: String) -> String {
    guard TextWidth.columns(of: text) > columns else { return text }
    let mark = TextWidth.columns(of: ellipsis) < columns ? ellipsis : ""
    return prefix(text, columns: max(0, columns - TextWidth.columns(of: mark))) + mark
  }

  /// The longest beginning of `text` that fits in `columns`; a wide grapheme that would
  /// straddle the edge becomes a space.
  public static func prefix(_ text: String, columns: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let width = TextWidth.columns(of: character)
      if used + width > columns {
        if used < columns { result += String(repeating: " ", count: columns - used) }
        break
      }
      result.append(character)
      used += width
    }
    return result
  }
}
