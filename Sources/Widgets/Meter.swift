import Terminal

/// A one-line gauge: a label, a fixed number of cells filled up to a level, and a word for
/// the level, as in `Strength ▰▰▰▱ good`.
///
/// The word and the glyphs say the level on their own; colour only adds to them. The
/// cells are always the same number, so the meter's shape tells nothing but the level.
public final class Meter: View {
  /// What the meter shows.
  public struct Reading: Hashable, Sendable {
    public enum Tone: Hashable, Sendable {
      case low, middle, high
    }

    /// Filled cells, from 0 to the meter's `cells`.
    public var level: Int
    public var word: String
    public var tone: Tone

    public init(level: Int, word: String, tone: Tone) {
      self.level = level
      self.word = word
      self.tone = tone
    }
  }

  private let label: String
  private let cells: Int
  private let reading: () -> Reading?

  /// `reading` nil leaves the row blank.
  public init(label: String, cells: Int, reading: @escaping () -> Reading?) {
    self.label = label
    self.cells = cells
    self.reading = reading
  }

  public override func sizeThatFits(_ proposal: Size) -> Size {
    Size(width: proposal.width, height: 1)
  }

  public override func draw(in canvas: Canvas) {
    canvas.clear()
    guard let reading = reading() else { return }
    let theme = canvas.theme
    let level = min(max(0, reading.level), cells)
    let style =
      switch reading.tone {
      case .low: theme.meterLow
      case .middle: theme.meterMiddle
      case .high: theme.meterHigh
      }
    var x = 0
    canvas.draw(label, at: Point(x: x, y: 0), style: theme.label)
    x += TextWidth.columns(of: label) + 1
    let full = String(repeating: theme.glyphs.meterFull, count: level)
    canvas.draw(full, at: Point(x: x, y: 0), style: style)
    x += level
    let empty = String(repeating: theme.glyphs.meterEmpty, count: cells - level)
    canvas.draw(empty, at: Point(x: x, y: 0), style: theme.line)
    x += cells - level + 1
    canvas.draw(truncating: reading.word, at: Point(x: x, y: 0), style: style)
  }
}
