import Synchronization
import Terminal

/// The base of every widget: a frame, children, a needs-display flag, drawing and events.
///
/// A view is redrawn only when it needs display: when it says so itself
/// (`setNeedsDisplay()`), or when an observable property it read while drawing has changed
/// since. The application tracks those reads; views just read their bindings in `draw`.
/// One rule: which observable properties `draw` reads may depend on observable state, not
/// on the view's own (a redraw for the view's own reasons reuses the last observation).
open class View {
  /// Where the view is, in the coordinates of the whole content (before scrolling).
  public internal(set) var frame: Rect = .zero
  public private(set) weak var parent: View?
  public private(set) var children: [View] = []
  /// True while this view has the keyboard focus.
  public internal(set) var isFocused = false {
    didSet { if isFocused != oldValue { setNeedsDisplay() } }
  }
  /// How many times the view was drawn: what tests count to prove redraws are minimal.
  public internal(set) var drawCount = 0

  let invalidation = Invalidation()

  public init() {}

  // MARK: Tree

  public func addChild(_ child: View) {
    child.parent = self
    children.append(child)
    var ancestor: View? = self
    while let view = ancestor {
      view.cachedSubtree = nil
      ancestor = view.parent
    }
  }

  /// This view and all its descendants, parents before children.
  public var subtree: [View] {
    if let cachedSubtree { return cachedSubtree }
    let views = [self] + children.flatMap(\.subtree)
    cachedSubtree = views
    return views
  }

  private var cachedSubtree: [View]?

  // MARK: Display

  public var needsDisplay: Bool { invalidation.isSet }

  /// Asks for this view to be drawn in the next frame.
  public func setNeedsDisplay() { invalidation.set() }

  /// Draws the view. Leaf views paint every cell of their frame; containers draw nothing.
  open func draw(in canvas: Canvas) {}

  // MARK: Layout

  /// The size the view wants within `proposal` (its width never exceeds the proposal's).
  open func sizeThatFits(_ proposal: Size) -> Size { Size(width: proposal.width, height: 1) }

  /// Places the children inside `frame`. Called after `frame` is set.
  open func layoutChildren() {}

  /// Sets a child's frame and lets it lay out its own children.
  public func place(_ child: View, in frame: Rect) {
    if child.frame != frame { child.setNeedsDisplay() }
    child.frame = frame
    child.layoutChildren()
  }

  // MARK: Focus and events

  /// Whether Tab can stop here now.
  open var acceptsFocus: Bool { false }

  /// Where the terminal cursor goes while this view has focus, in the view's coordinates;
  /// `nil` hides it.
  open var cursorPosition: Point? { nil }

  /// Handles a key, text or paste while focused. Returns false to let the application try
  /// its own handling (focus moves, bindings).
  open func handle(_ event: Event) -> Bool { false }

  /// Handles a mouse press at `point` (in the view's coordinates). Returns whether it did.
  open func mouseDown(at point: Point) -> Bool { false }

  /// The area to keep visible when this view has focus (in content coordinates): by
  /// default the view's group, its parent, unless that is the whole content.
  open var focusArea: Rect {
    guard let parent, parent.parent != nil else { return frame }
    return parent.frame
  }
}

/// A view's needs-display flag, and whether its observable reads are being watched. Both
/// are set by observation callbacks, which may come from any thread.
final class Invalidation: Sendable {
  private let flag = Atomic<Bool>(true)
  private let watching = Atomic<Bool>(false)

  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
  func reset() { flag.store(false, ordering: .releasing) }

  /// True while an observation of the view's last reads is live. An observation ends
  /// when one of them changes; until then, drawing again must not add another (they
  /// would pile up, each holding memory, all firing at the next change).
  var isWatching: Bool { watching.load(ordering: .acquiring) }
  func startWatching() { watching.store(true, ordering: .releasing) }

  /// What an observation calls when something the view read has changed.
  func changed() {
    watching.store(false, ordering: .releasing)
    flag.store(true, ordering: .releasing)
  }
}
