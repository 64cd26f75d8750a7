import Dispatch

/// Runs a tree of views on a screen: routes events, moves focus, keeps the focused view in
/// sight, and redraws what changed, one flush per batch of input.
///
/// Everything happens on one thread. ``run()`` waits for input or the next timer (never
/// polling), handles every event that arrived together, then renders once. Time is the
/// screen's clock: real on a terminal, virtual on a `MemoryScreen`.
///
/// ```swift
/// let application = Application(screen: try CursesScreen(colors: true), root: form)
/// let exit = application.run()
/// ```
public final class Application {
  /// Why ``run()`` returned.
  public enum Exit: Hashable, Sendable {
    /// ``stop()`` was called.
    case stopped
    /// A key bound to ``KeyBindings/Action/cancel`` (Esc), with no ``onCancel``.
    case cancelled
    /// A key bound to ``KeyBindings/Action/interrupt`` (Ctrl-C), with no ``onInterrupt``.
    case interrupted
    /// A signal asked the program to end, with no ``onTerminate``.
    case signal(Int32)
    /// The terminal went away, with no ``onEndOfInput``.
    case endOfInput
  }

  /// The screen drawn on and read from.
  public let screen: any Screen
  /// The view tree shown; ``show(_:focus:)`` replaces it (another screen of the program).
  public private(set) var root: View
  /// The glyphs and styles views draw with.
  public let theme: Theme
  /// The widest the content is laid out; wider screens centre it.
  public var contentWidth: Int
  /// Below this size only a notice is shown.
  public var minimumSize = Size(width: 20, height: 6)
  /// The notice shown while the screen is smaller than ``minimumSize``, given that size:
  /// centred and wrapped, so that it shows whole wherever it can.
  public var tooSmallNotice: (Size) -> String = {
    "Terminal too small: needs at least \($0.width) columns and \($0.height) rows"
  }
  /// Which keys move the focus, suspend, cancel and interrupt (``KeyBindings/standard``).
  public var keyBindings = KeyBindings.standard
  /// What cancelling (Esc) does; when nil, ``run()`` returns ``Exit/cancelled``.
  public var onCancel: (() -> Void)?
  /// What interrupting (Ctrl-C) does; when nil, ``run()`` returns ``Exit/interrupted``.
  public var onInterrupt: (() -> Void)?
  /// Called with every view that loses focus (to mark a field as visited, say).
  public var onFocusLeave: (View) -> Void = { _ in }
  /// Called after each batch of events, finished work and timers, before drawing.
  public var afterEvents: () -> Void = {}
  /// Decides what a signal that asks the program to end does (to wait for work that must
  /// finish, say); when nil, ``run()`` returns ``Exit/signal(_:)`` at once.
  public var onTerminate: ((Int32) -> Void)?
  /// Decides what the end of input (the terminal gone) does; when nil, ``run()`` returns
  /// ``Exit/endOfInput`` at once.
  public var onEndOfInput: (() -> Void)?

  /// The view that has the keyboard focus.
  public internal(set) var focused: View?
  /// Why the loop ended, once it has.
  public private(set) var exit: Exit?
  /// How many keys, texts, pastes and clicks have come: a person at work (an idle
  /// timeout starts again when it changes).
  public internal(set) var inputCount = 0

  var timers: TimerQueue
  /// Completions of work running on the worker thread, by number; the results come back
  /// through the inbox, so only values cross threads, never the completions.
  private var completions: [Int: (any Sendable) -> Void] = [:]
  private var nextCompletion = 0
  private let inbox: WorkInbox
  private let worker = DispatchQueue(label: "Application.worker")
  /// How far the content is scrolled: its first row in the viewport.
  var scrollY = 0
  /// The rows the content shows in: all of the screen when it fits, otherwise all but the
  /// first and last, which mark what is out of sight above and below.
  public internal(set) var viewport = Rect.zero
  var needsLayout = true
  var needsFullRedraw = true
  var shownCursor: Point??

  /// An application showing `root` on `screen`.
  /// - Parameters:
  ///   - screen: where it draws and what it reads input from.
  ///   - root: the view tree shown first.
  ///   - contentWidth: the widest the content is laid out.
  ///   - theme: the look; by default the one for the screen's capabilities.
  public init(screen: any Screen, root: View = View(), contentWidth: Int = 80, theme: Theme? = nil)
  {
    self.screen = screen
    self.root = root
    inbox = WorkInbox(waker: screen.waker)
    timers = TimerQueue(clock: screen.clock)
    self.contentWidth = contentWidth
    self.theme = theme ?? Theme(capabilities: screen.capabilities)
  }

  // MARK: Running

  /// Draws, then handles input and timers until ``stop()``, a key, a signal or the end of
  /// input ends the loop.
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
    for timer in timers.takeDue() where exit == nil && !timer.isCancelled { timer.action() }
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

  /// Runs `work` on a worker thread, then `completion` with its result on this loop (the
  /// loop's wait for input ends when the result is in).
  public func perform<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void
  ) {
    let id = nextCompletion
    nextCompletion += 1
    completions[id] = { completion($0 as! Result) }
    let inbox = inbox
    worker.async { inbox.deliver(id, work()) }
  }

  /// Ends the loop: ``run()`` returns ``Exit/stopped`` after the current batch.
  public func stop() { exit = .stopped }

  /// Runs `action` on this loop once `delay` has passed on the screen's clock.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    timers.schedule(after: delay, action)
  }

  /// Ends the loop with `exit` (the default when a key or signal has no handler).
  func end(_ exit: Exit) { self.exit = exit }
}
