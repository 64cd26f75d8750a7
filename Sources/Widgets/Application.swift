import Dispatch
import Observation
import Synchronization
import Terminal

/// Runs a tree of views on a screen: routes events, moves focus, keeps the focused view in
/// sight, and redraws what changed, one flush per batch of input.
///
/// Everything happens on one thread. `run()` waits for input or the next timer (never
/// polling), handles every event that arrived together, then renders once.
public final class Application {
  /// Why `run()` returned.
  public enum Exit: Hashable, Sendable {
    /// `stop()` was called.
    case stopped
    /// A signal asked the program to end.
    case signal(Int32)
    /// The terminal went away.
    case endOfInput
  }

  public let screen: any Screen
  /// The view tree shown; `show(_:focus:)` replaces it (another screen of the program).
  public private(set) var root: View
  public let theme: Theme
  /// The widest the content is laid out; wider screens centre it.
  public var contentWidth: Int
  /// Below this size only a notice is shown.
  public var minimumSize = Size(width: 20, height: 6)
  /// The notice shown while the screen is smaller than `minimumSize`, given that size:
  /// centred and wrapped, so that it shows whole wherever it can.
  public var tooSmallNotice: (Size) -> String = {
    "Terminal too small: needs at least \($0.width) columns and \($0.height) rows"
  }
  /// Keys handled after the focused view and focus movement have passed on them.
  public var keyBindings: [Key: () -> Void] = [:]
  /// Called with every view that loses focus (to mark a field as visited, say).
  public var onFocusLeave: (View) -> Void = { _ in }
  /// Called after each batch of events, finished work and timers, before drawing.
  public var afterEvents: () -> Void = {}
  /// Decides what a signal that asks the program to end does (to wait for work that must
  /// finish, say); when nil, `run()` returns `.signal` at once.
  public var onTerminate: ((Int32) -> Void)?
  /// Decides what the end of input (the terminal gone) does; when nil, `run()` returns
  /// `.endOfInput` at once.
  public var onEndOfInput: (() -> Void)?

  public private(set) var focused: View?
  public private(set) var exit: Exit?

  private var timers = TimerQueue()
  /// Completions of work running on the worker thread, by number; the results come back
  /// through the inbox, so only values cross threads, never the completions.
  private var completions: [Int: (any Sendable) -> Void] = [:]
  private var nextCompletion = 0
  private let inbox: Inbox
  private let worker = DispatchQueue(label: "Application.worker")
  /// How far the content is scrolled: its first row in the viewport.
  private(set) var scrollY = 0
  /// The rows the content shows in: all of the screen when it fits, otherwise all but the
  /// first and last, which mark what is out of sight above and below.
  public private(set) var viewport = Rect.zero
  private var needsLayout = true
  private var needsFullRedraw = true
  private var shownCursor: Point??

  public init(screen: any Screen, root: View = View(), contentWidth: Int = 80, theme: Theme? = nil)
  {
    self.screen = screen
    self.root = root
    inbox = Inbox(waker: screen.waker)
    self.contentWidth = contentWidth
    self.theme = theme ?? Theme(capabilities: screen.capabilities)
  }

  // MARK: Running

  /// Draws, then handles input and timers until `stop()`, a signal or the end of input.
  public func run() -> Exit {
    if focused == nil { focusNext() }
    render()
    while exit == nil {
      let events = screen.nextEvents(until: timers.nextDeadline())
      process(events)
    }
    return exit!
  }

  /// Handles a batch of events, then finished work and due timers, and renders once.
  public func process(_ events: [Event]) {
    for event in events where exit == nil { handle(event) }
    for (id, result) in inbox.take() where exit == nil {
      completions.removeValue(forKey: id)?(result)
    }
    // A timer may cancel another that is due in the same batch.
    for timer in timers.takeDue(at: .now) where exit == nil && !timer.isCancelled { timer.action() }
    if exit == nil { afterEvents() }
    if exit == nil { render() }
  }

  /// Shows another view tree, focusing `view` (or the first that takes focus, also when
  /// `view` no longer takes it). The view that had focus does not count as left: its
  /// screen is only hidden.
  public func show(_ root: View, focus view: View? = nil) {
    focused?.isFocused = false
    focused = nil
    self.root = root
    needsLayout = true
    if let view, view.acceptsFocus { focus(view) } else { focusNext() }
  }

  /// Runs `work` on a worker thread, then `completion` with its result on this loop.
  public func perform<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void
  ) {
    let id = nextCompletion
    nextCompletion += 1
    completions[id] = { completion($0 as! Result) }
    let inbox = inbox
    worker.async { inbox.deliver(id, work()) }
  }

  public func stop() { exit = .stopped }

  /// Runs `action` on this loop after `delay`.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    let timer = ScheduledTimer(deadline: .now + delay, action: action)
    timers.add(timer)
    return timer
  }

  // MARK: Events

  public func handle(_ event: Event) {
    switch event {
    case .key(let key):
      handle(key)
    case .text, .paste:
      _ = focused?.handle(event)
    case .mouse(let mouse):
      if mouse.button == .left, mouse.action == .press { click(at: mouse.position) }
    case .resize:
      needsLayout = true
    case .resume:
      needsLayout = true
      screen.invalidate()
    case .terminate(let signal):
      if let onTerminate { onTerminate(signal) } else { exit = .signal(signal) }
    case .endOfInput:
      if let onEndOfInput { onEndOfInput() } else { exit = .endOfInput }
    }
  }

  private func handle(_ key: Key) {
    if key == .control("z") {
      screen.suspend()
      needsLayout = true
      return
    }
    if focused?.handle(.key(key)) == true { return }
    switch (key.code, key.modifiers) {
    case (.tab, []), (.down, []), (.enter, []):
      focusNext()
    case (.tab, .shift), (.up, []):
      focusPrevious()
    default:
      keyBindings[key]?()
    }
  }

  private func click(at point: Point) {
    // A point off the screen hits nothing; on it, every sum below is small (any Int may
    // come from a terminal).
    guard Rect(origin: .zero, size: screen.size).contains(point) else { return }
    let contentPoint = Point(x: point.x, y: point.y - viewport.minY + scrollY)
    guard !isTooSmall, viewport.contains(point),
      let hit = root.subtree.last(where: { $0.frame.contains(contentPoint) })
    else {
      return
    }
    var view: View? = hit
    while let candidate = view {
      if candidate.acceptsFocus { focus(candidate) }
      let local = Point(
        x: contentPoint.x - candidate.frame.minX, y: contentPoint.y - candidate.frame.minY)
      if candidate.mouseDown(at: local) || candidate.acceptsFocus { return }
      view = candidate.parent
    }
  }

  // MARK: Focus

  public func focus(_ view: View?) {
    guard view !== focused else { return }
    let previous = focused
    previous?.isFocused = false
    focused = view
    view?.isFocused = true
    if let previous { onFocusLeave(previous) }
  }

  public func focusNext() { focus(FocusChain(root: root).next(after: focused, forward: true)) }
  public func focusPrevious() { focus(FocusChain(root: root).next(after: focused, forward: false)) }

  // MARK: Drawing

  /// Where `view` is on the screen now (after scrolling); nil while only the "too small"
  /// notice shows.
  public func screenFrame(of view: View) -> Rect? {
    isTooSmall ? nil : view.frame.offsetBy(dx: 0, dy: viewport.minY - scrollY)
  }

  private var isTooSmall: Bool {
    screen.size.width < minimumSize.width || screen.size.height < minimumSize.height
  }

  private func layout() {
    let size = screen.size
    let width = min(contentWidth, size.width)
    let height = root.sizeThatFits(Size(width: width, height: size.height)).height
    let frame = Rect(x: (size.width - width) / 2, y: 0, width: width, height: height)
    root.frame = frame
    root.layoutChildren()
    viewport =
      height <= size.height
      ? Rect(origin: .zero, size: size)
      : Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    needsLayout = false
    needsFullRedraw = true
  }

  /// True when a view to be drawn now wants another height than it was given (a text
  /// that wraps has changed): the content must be laid out again.
  private var sizesChanged: Bool {
    root.subtree.contains { view in
      view.needsDisplay && view.children.isEmpty
        && view.sizeThatFits(Size(width: view.frame.width, height: screen.size.height)).height
          != view.frame.height
    }
  }

  /// Keeps the focused view's group on screen, or at least the view itself.
  private func scrollToFocus() {
    let visibleHeight = viewport.height
    let contentHeight = root.frame.height
    var offset = scrollY
    if contentHeight <= visibleHeight {
      offset = 0
    } else if let focused {
      for area in [focused.focusArea, focused.frame] {
        if area.maxY > offset + visibleHeight { offset = area.maxY - visibleHeight }
        if area.minY < offset { offset = area.minY }
      }
      offset = min(max(0, offset), contentHeight - visibleHeight)
    }
    if offset != scrollY {
      scrollY = offset
      needsFullRedraw = true
    }
  }

  /// Draws the views that need it (all of them after a layout or scroll), places the
  /// cursor, and flushes if anything changed.
  public func render() {
    if needsLayout || (!isTooSmall && sizesChanged) { layout() }
    if isTooSmall {
      if needsFullRedraw {
        screen.clear(Rect(origin: .zero, size: screen.size))
        drawNotice(tooSmallNotice(minimumSize))
        screen.cursor = nil
        screen.flush()
        needsFullRedraw = false
        shownCursor = .some(nil)
      }
      return
    }
    scrollToFocus()
    var drew = false
    let views = root.subtree
    if needsFullRedraw {
      screen.clear(Rect(origin: .zero, size: screen.size))
      drawScrollMarks()
      for view in views { view.setNeedsDisplay() }
      needsFullRedraw = false
      drew = true
    }
    let visible = viewport
    for view in views where view.needsDisplay {
      view.invalidation.reset()
      let bounds = view.frame.offsetBy(dx: 0, dy: viewport.minY - scrollY)
      guard !bounds.intersection(visible).isEmpty else { continue }
      let canvas = Canvas(screen: screen, theme: theme, bounds: bounds, clip: visible)
      let invalidation = view.invalidation
      if invalidation.isWatching {
        view.draw(in: canvas)
      } else {
        invalidation.startWatching()
        withObservationTracking {
          view.draw(in: canvas)
        } onChange: {
          invalidation.changed()
        }
      }
      view.drawCount += 1
      drew = true
    }
    let cursor = focused.flatMap { view in
      view.cursorPosition.map {
        Point(x: view.frame.minX + $0.x, y: view.frame.minY + $0.y + viewport.minY - scrollY)
      }
    }.flatMap { viewport.contains($0) ? $0 : nil }
    if drew || shownCursor != .some(cursor) {
      screen.cursor = cursor
      screen.flush()
      shownCursor = .some(cursor)
    }
  }
}

/// Results of background work waiting for the loop. The worker puts, the loop takes.
private final class Inbox: Sendable {
  private let results = Mutex<[(Int, any Sendable)]>([])
  private let waker: Waker

  init(waker: Waker) { self.waker = waker }

  func deliver(_ id: Int, _ result: any Sendable) {
    results.withLock { $0.append((id, result)) }
    waker.wake()
  }

  func take() -> [(Int, any Sendable)] {
    results.withLock { results in
      defer { results.removeAll() }
      return results
    }
  }
}
