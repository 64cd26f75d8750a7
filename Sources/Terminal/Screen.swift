/// What a screen can show.
public struct ScreenCapabilities: Hashable, Sendable {
  /// Colours may be used; when false, only attributes are.
  public var colors: Bool
  /// The locale's character set is UTF-8, so box drawing, `•`, `✓` and U+0336 show.
  public var unicode: Bool

  /// Capabilities as given.
  public init(colors: Bool, unicode: Bool) {
    self.colors = colors
    self.unicode = unicode
  }
}

/// A grid of cells to draw on, a cursor, and the events of the terminal behind it.
///
/// Drawing goes to a back buffer; `flush()` makes it visible in one update. Text is laid
/// out by ``TextWidth``: one grapheme per cell, wide graphemes in two. Whatever falls
/// outside the screen is clipped.
///
/// Two screens come with the toolkit: ``CursesScreen``, the real terminal, and
/// ``MemoryScreen``, for tests.
public protocol Screen: AnyObject {
  /// The size of the grid, in cells.
  var size: Size { get }
  /// What the screen can show: colours, Unicode.
  var capabilities: ScreenCapabilities { get }
  /// The clock that the deadlines of ``nextEvents(until:)`` are read on: a run loop reads
  /// the time from it too, so a screen with virtual time makes a loop with virtual time.
  var clock: any LoopClock { get }

  /// Draws `text` starting at `origin`, all in `style`.
  func draw(_ text: String, at origin: Point, style: Style)
  /// Fills every cell of `rect` with `character` (one column wide) in `style`.
  func fill(_ rect: Rect, with character: Character, style: Style)
  /// Where the terminal's cursor shows after the next flush; `nil` hides it.
  var cursor: Point? { get set }
  /// Makes everything drawn since the last flush visible.
  func flush()
  /// Forgets what the terminal shows, so the next flush repaints every cell.
  func invalidate()

  /// Waits for input until `deadline` (forever when nil) and returns the events that came,
  /// all that are available at once. An empty array means the deadline passed or the
  /// waker was called.
  func nextEvents(until deadline: ContinuousClock.Instant?) -> [Event]
  /// Ends a wait in `nextEvents` early; may be called from any thread.
  var waker: Waker { get }
  /// Gives the terminal back to the shell until the program is resumed (Ctrl-Z).
  func suspend()
}

extension Screen {
  /// The system's continuous clock: real screens wait in real time.
  public var clock: any LoopClock { ContinuousClock() }

  /// Blanks the cells of `rect`.
  public func clear(_ rect: Rect) {
    fill(rect, with: " ", style: .plain)
  }
}

/// Wakes a screen's wait for input from another thread.
public struct Waker: Sendable {
  private let action: @Sendable () -> Void

  /// A waker that calls `action`, from whatever thread wakes it.
  public init(_ action: @escaping @Sendable () -> Void) { self.action = action }

  /// Ends the screen's current or next wait for input.
  public func wake() { action() }
}
