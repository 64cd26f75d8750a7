/// A screen in memory: a grid of cells holding text and style, and a queue of events.
///
/// Tests draw on it, send it events, and read back its text, styles and cursor.
public final class MemoryScreen: Screen {
  /// One cell: a grapheme (with any U+0336 overlay) and its style. The cell after a wide
  /// grapheme holds `""`.
  public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public static let blank = Cell(text: " ", style: .plain)
  }

  public private(set) var size: Size
  public let capabilities: ScreenCapabilities
  public var cursor: Point?
  /// How many times `flush()` was called: one per frame.
  public private(set) var flushCount = 0
  /// How many times the program suspended itself.
  public private(set) var suspendCount = 0
  private var grid: [[Cell]]
  private var queue: [Event] = []

  public init(
    size: Size = Size(width: 80, height: 24),
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true)
  ) {
    self.size = size
    self.capabilities = capabilities
    grid = Self.blankGrid(size)
  }

  // MARK: Screen

  public func draw(_ text: String, at origin: Point, style: Style) {
    guard (0..<size.height).contains(origin.y) else { return }
    TextWidth.layOut(text, from: origin.x, rowWidth: size.width) { x, character in
      guard let character else {
        grid[origin.y][x] = Cell(text: " ", style: style)
        return
      }
      grid[origin.y][x] = Cell(text: String(character), style: style)
      if TextWidth.columns(of: character) == 2 {
        grid[origin.y][x + 1] = Cell(text: "", style: style)
      }
    }
  }

  public func fill(_ rect: Rect, with character: Character, style: Style) {
    let area = rect.intersection(Rect(origin: .zero, size: size))
    guard !area.isEmpty else { return }
    let cell = Cell(text: String(character), style: style)
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { grid[y][x] = cell }
    }
  }

  public func flush() { flushCount += 1 }
  public func invalidate() {}

  public func nextEvents(until deadline: ContinuousClock.Instant?) -> [Event] {
    defer { queue.removeAll() }
    return queue.isEmpty ? [.endOfInput] : queue
  }

  public func suspend() { suspendCount += 1 }

  /// Nothing waits on a memory screen.
  public let waker = Waker {}

  // MARK: Driving it from tests

  /// Queues events for the next `nextEvents` call; when none are queued it reports the
  /// end of input.
  public func send(_ events: Event...) { queue.append(contentsOf: events) }

  /// Changes the size (keeping what fits) and queues the resize event a terminal would send.
  public func resize(to newSize: Size) {
    var newGrid = Self.blankGrid(newSize)
    for y in 0..<min(size.height, newSize.height) {
      for x in 0..<min(size.width, newSize.width) { newGrid[y][x] = grid[y][x] }
    }
    grid = newGrid
    size = newSize
    queue.append(.resize(newSize))
  }

  // MARK: Reading it back

  public func cell(at point: Point) -> Cell { grid[point.y][point.x] }

  /// The text of one row, trailing blanks removed.
  public func line(_ y: Int) -> String {
    var text = grid[y].map(\.text).joined()
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row's text.
  public var lines: [String] { (0..<size.height).map(line) }

  /// The row holding `text` (struck or not), if any.
  public func row(containing text: String) -> Int? {
    lines.firstIndex { $0.contains(text) || $0.contains(text.struckThrough) }
  }

  /// The whole screen as text: each row between `|` marks, then the cursor, then every run
  /// of styled cells (row, columns, style). Struck cells show their U+0336 overlay.
  public var snapshot: String {
    var out = "\(size) cursor \(cursor.map { "\($0.x),\($0.y)" } ?? "hidden")\n"
    for y in 0..<size.height { out += "|\(grid[y].map(\.text).joined())|\n" }
    out += "styles:\n"
    for y in 0..<size.height {
      var x = 0
      while x < size.width {
        let style = grid[y][x].style
        var end = x + 1
        while end < size.width && grid[y][end].style == style { end += 1 }
        if style != .plain { out += "  \(y) \(x)-\(end - 1) \(Self.describe(style))\n" }
        x = end
      }
    }
    return out
  }

  private static func describe(_ style: Style) -> String {
    var parts: [String] = []
    if style.attributes.contains(.bold) { parts.append("bold") }
    if style.attributes.contains(.dim) { parts.append("dim") }
    if style.attributes.contains(.underline) { parts.append("underline") }
    if style.attributes.contains(.reverse) { parts.append("reverse") }
    if let color = style.foreground { parts.append("\(color)") }
    return parts.joined(separator: " ")
  }

  private static func blankGrid(_ size: Size) -> [[Cell]] {
    Array(
      repeating: Array(repeating: .blank, count: max(0, size.width)), count: max(0, size.height))
  }
}
