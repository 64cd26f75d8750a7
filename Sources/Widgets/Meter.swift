import Terminal

/// A one-line gauge drawn on a field's label row: a label, a fixed number of cells filled
/// up to a level, and a word for the level, as in `Password  Strength ▰▰▰▱ good  [show]`.
///
/// The word and the glyphs say the level on their own; colour only adds to them. The
/// cells are always the same number, so the meter's shape tells nothing but the level.
public struct Meter {
  /// What the meter shows.
  public struct Reading: Hashable, Sendable {
    /// Which colour the reading is drawn in.
    public enum Tone: Hashable, Sendable {
      /// Red, where there is colour.
      case low
      /// Yellow.
      case middle
      /// Green.
      case high
    }

    /// Filled cells, from 0 to the meter's `cells`.
    public var level: Int
    /// The level in a word (`good`).
    public var word: String
    /// Its colour.
    public var tone: Tone

    /// A reading of `level` cells, said by `word`, in `tone`.
    public init(level: Int, word: String, tone: Tone) {
      self.level = level
      self.word = word
      self.tone = tone
    }
  }

  /// What is measured (`Strength`).
  public let label: String
  /// How many cells the gauge has.
  public let cells: Int
  /// Columns the meter takes with its longest word: whether it fits does not depend on
  /// what it says.
  public let columns: Int
  let reading: () -> Reading?

  /// `words` are every word a reading may have; `reading` nil shows nothing.
  public init(
    label: String, cells: Int, words: [String], reading: @escaping () -> Reading?
  ) {
    self.label = label
    self.cells = cells
    self.reading = reading
    let longest = words.map(TextWidth.columns).max() ?? 0
    columns = TextWidth.columns(of: label) + 1 + cells + 1 + longest
  }

  /// Draws `reading` at `point` of the canvas, on one row.
  func draw(_ reading: Reading, in canvas: Canvas, at point: Point) {
    let theme = canvas.theme
    let level = min(max(0, reading.level), cells)
    let style =
      switch reading.tone {
      case .low: theme.meterLow
      case .middle: theme.meterMiddle
      case .high: theme.meterHigh
      }
    var x = point.x
    canvas.draw(label, at: Point(x: x, y: point.y), style: theme.label)
    x += TextWidth.columns(of: label) + 1
    let full = String(repeating: theme.glyphs.meterFull, count: level)
    canvas.draw(full, at: Point(x: x, y: point.y), style: style)
    x += level
    let empty = String(repeating: theme.glyphs.meterEmpty, count: cells - level)
    canvas.draw(empty, at: Point(x: x, y: point.y), style: theme.line)
    x += cells - level + 1
    canvas.draw(reading.word, at: Point(x: x, y: point.y), style: style)
  }
}

extension TextField {
  /// The meter on the label row, two columns after the label, if the row has room for it
  /// between the label and the accessory: it gives way before either. Its reading is
  /// taken whether it shows or not (it costs little, and what the drawing reads stays the
  /// same).
  func drawMeter(in canvas: Canvas, shows: Bool) {
    guard let meter else { return }
    let reading = meter.reading()
    guard let reading, shows else { return }
    let x = TextWidth.columns(of: label) + 2
    let end =
      drawnAccessoryColumns > 0 ? canvas.size.width - drawnAccessoryColumns - 2 : canvas.size.width
    if x + meter.columns <= end { meter.draw(reading, in: canvas, at: Point(x: x, y: 0)) }
  }
}
