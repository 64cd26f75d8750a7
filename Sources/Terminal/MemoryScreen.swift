import Dispatch

/// A screen in memory: a grid of cells holding text and style, a script of input, and
/// virtual time.
///
/// Tests draw on it, send it events, and read back its text, styles and cursor. Its clock
/// is a ``ManualClock``: a run loop on it waits in virtual time, so timers can be tested
/// without sleeping. What a wait returns follows the script: events sent with
/// ``send(_:)``, pauses (``pause(_:)``), and waits for a waker (``waitForWaker()``); when
/// the script is done it reports the end of input.
public final class MemoryScreen: Screen {
  /// One cell: a grapheme (with any U+0336 overlay) and its style. The cell after a wide
  /// grapheme holds `""`.
  public struct Cell: Hashable, Sendable {
    /// The grapheme in the cell.
    public var text: String
    /// How it is drawn.
    public var style: Style

    /// A space, plain.
    public static let blank = Cell(text: " ", style: .plain)
  }

  /// One step of the input script.
  private enum Step {
    case events([Event])
    case pause(Duration)
    case wake
  }

  /// The grid's size; ``resize(to:)`` changes it.
  public private(set) var size: Size
  /// What it pretends to show: colours and Unicode by default.
  public let capabilities: ScreenCapabilities
  /// Virtual time: it moves only through pauses of the script, or by hand.
  public let manualClock: ManualClock
  /// Where the cursor is (nil: hidden), as the last drawing left it.
  public var cursor: Point?
  /// How many times `flush()` was called: one per frame.
  public private(set) var flushCount = 0
  /// How many times the program suspended itself.
  public private(set) var suspendCount = 0
  /// How many times a run loop waited for input: a loop with nothing to do waits once
  /// for each step of the script, and no more.
  public private(set) var waitCount = 0
  private var grid: [[Cell]]
  private var script: [Step] = []
  private let wakes = DispatchSemaphore(value: 0)

  /// A blank screen of `size`, with a ``ManualClock`` of its own.
  public init(
    size: Size = Size(width: 80, height: 24),
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true)
  ) {
    self.size = size
    self.capabilities = capabilities
    manualClock = ManualClock()
    grid = Self.blankGrid(size)
  }

  // MARK: Screen

  /// Puts the graphemes of `text` into cells (see ``TextWidth``).
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

  /// Puts `character` into every cell of `rect`.
  public func fill(_ rect: Rect, with character: Character, style: Style) {
    let area = rect.intersection(Rect(origin: .zero, size: size))
    guard !area.isEmpty else { return }
    let cell = Cell(text: String(character), style: style)
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { grid[y][x] = cell }
    }
  }

  /// Counts the frame: cells are visible as soon as they are drawn.
  public func flush() { flushCount += 1 }
  /// Nothing to forget: memory is always what was drawn.
  public func invalidate() {}

  /// Its ``manualClock``.
  public var clock: any LoopClock { manualClock }

  /// The next step of the script: the events sent (all those sent one after another, as
  /// one batch), a pause (virtual time passes up to `deadline` or the pause's end, and
  /// nothing arrives), or a wait for the waker. With no step left: the end of input.
  public func nextEvents(until deadline: ContinuousClock.Instant?) -> [Event] {
    waitCount += 1
    guard let step = script.first else { return [.endOfInput] }
    switch step {
    case .events(let events):
      script.removeFirst()
      return events
    case .pause(let duration):
      let end = manualClock.now + duration
      if let deadline, deadline < end {
        manualClock.advance(to: deadline)
        script[0] = .pause(end - manualClock.now)
      } else {
        manualClock.advance(to: end)
        script.removeFirst()
      }
      return []
    case .wake:
      script.removeFirst()
      // Work on another thread wakes it; a test that waits for nothing must not hang.
      return wakes.wait(timeout: .now() + .seconds(60)) == .success ? [] : [.endOfInput]
    }
  }

  /// Counts the suspension; nothing stops.
  public func suspend() { suspendCount += 1 }

  /// Ends a wait of ``waitForWaker()``; a wake that comes first is kept for it.
  public var waker: Waker {
    let wakes = wakes
    return Waker { wakes.signal() }
  }

  // MARK: Driving it from tests

  /// Queues events for the next wait; events sent one after another arrive together, as
  /// one read. When nothing is queued a wait reports the end of input.
  public func send(_ events: Event...) {
    if case .events(let queued)? = script.last {
      script[script.count - 1] = .events(queued + events)
    } else {
      script.append(.events(events))
    }
  }

  /// Queues a pause: the waits that reach it let `duration` of virtual time pass with no
  /// input, ending early at their deadlines (the next timer) so that timers run on time.
  public func pause(_ duration: Duration) { script.append(.pause(duration)) }

  /// Queues a wait that ends when the screen's waker is called (by work finishing on
  /// another thread, say), or after a minute of real time, as the end of input.
  public func waitForWaker() { script.append(.wake) }

  /// Changes the size (keeping what fits) and queues the resize event a terminal would send.
  public func resize(to newSize: Size) {
    var newGrid = Self.blankGrid(newSize)
    for y in 0..<min(size.height, newSize.height) {
      for x in 0..<min(size.width, newSize.width) { newGrid[y][x] = grid[y][x] }
    }
    grid = newGrid
    size = newSize
    send(.resize(newSize))
  }

  // MARK: Reading it back

  /// The cell at `point`, which must be on the screen.
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
