import Observation
import Synchronization

/// The base of every widget: a frame, children, drawing, layout, focus and events.
///
/// Subclass it for a widget of your own: override ``draw(in:)`` to paint, and
/// ``sizeThatFits(_:)`` to say how tall it is; override ``acceptsFocus`` and
/// ``handle(_:)`` to take keys.
///
/// A view is redrawn when, and only when, something it read in its last ``draw(in:)``
/// has changed: a property of an `@Observable` model, or the view's own observable state
/// (its ``frame``, ``isFocused``, and any `@ViewState` property). The application watches
/// those reads; there is no way to ask for a redraw by hand, so a drawing that reads
/// anything else (a plain `var`) would show it stale. Keep what a drawing reads
/// observable: a model's property, or `@ViewState`.
open class View: Observable {
  /// Where the view is, in the coordinates of the whole content (before scrolling).
  public internal(set) var frame: Rect {
    get {
      accessOwn(self, keyPath: \.frame, slot: OwnStateSlot.frame)
      return layoutFrame
    }
    set {
      guard newValue != layoutFrame else { return }
      withOwnMutation(of: self, keyPath: \.frame, slot: OwnStateSlot.frame) {
        layoutFrame = newValue
      }
    }
  }
  /// `frame` read without being observed, for the application's own passes over the tree
  /// (observable state by hand, as `@Observable` writes it: the hottest reads are cheaper).
  private(set) var layoutFrame = Rect.zero
  /// The view this one is a child of; nil for the root of a tree.
  public private(set) weak var parent: View?
  /// The views inside this one, in the order they are laid out and visited by Tab.
  public private(set) var children: [View] = []
  /// True while this view has the keyboard focus.
  public internal(set) var isFocused: Bool {
    get {
      accessOwn(self, keyPath: \.isFocused, slot: OwnStateSlot.isFocused)
      return hasFocus
    }
    set {
      guard newValue != hasFocus else { return }
      withOwnMutation(of: self, keyPath: \.isFocused, slot: OwnStateSlot.isFocused) {
        hasFocus = newValue
      }
    }
  }
  private var hasFocus = false
  /// How the view sits in a ``VStack`` (``aligned(_:)``).
  var stackAlignment = VStack.Alignment.fill
  /// The width its stack offered at the last layout when the view took only what it
  /// wanted of it (not filling): a content that wants another width is laid out again.
  var offeredWidth: Int?
  /// How many times the view was drawn: what tests count to prove redraws are minimal.
  @_spi(Testing) public internal(set) var drawCount = 0

  let observationRegistrar = ObservationRegistrar()
  let invalidation = Invalidation()
  /// The bits (``OwnStateSlot``) of the view's own state its last tracked drawing read:
  /// recorded by the view, not in an access list (OwnStateReads.swift).
  var ownReads: UInt64 = 0
  /// True while the view's drawing runs under observation: its own reads become bits.
  var isDrawingTracked = false
  /// The bit the next `@ViewState` read for the first time gets.
  var nextOwnSlot = OwnStateSlot.firstViewState
  /// Reads of the view's own state that its tracked drawings left to Observation's
  /// registrar (more `@ViewState`s than bits): what tests count to prove the bits are used.
  @_spi(Testing) public internal(set) var ownReadsObserved = 0

  /// An empty view: a container until children are added.
  public init() {}

  // MARK: Tree

  /// Adds `child` after the other children.
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

  /// Whether the view is drawn in the next frame.
  @_spi(Testing) public var needsDisplay: Bool { invalidation.isSet }

  /// Draws the view in the next frame: for the application (a new layout, a resumed
  /// terminal), never for a view's own state, which is observable.
  func setNeedsDisplay() { invalidation.set() }

  /// Draws the view. Leaf views paint every cell of their frame; containers draw nothing.
  ///
  /// Read only observable state here (see ``View``): the view is redrawn when it changes.
  open func draw(in canvas: Canvas) {}

  // MARK: Layout

  /// The application's theme, before the view is measured: a view whose size depends on
  /// its glyphs keeps them (the theme is fixed for the application's life).
  func adopt(_ theme: Theme) {}

  /// The size the view wants within `proposal` (its width never exceeds the proposal's).
  open func sizeThatFits(_ proposal: Size) -> Size { Size(width: proposal.width, height: 1) }

  /// The columns the view needs to show everything it may show without cutting it: its
  /// widest text, drawn with `theme`'s glyphs. A container's is its widest child's plus
  /// its own margins. A program may set ``Application/contentWidth`` from its screens'
  /// roots, so that the widths of a form come from what is in it.
  open func idealWidth(for theme: Theme) -> Int {
    children.map { $0.idealWidth(for: theme) }.max() ?? 0
  }

  /// Places the children inside ``frame``. Called after ``frame`` is set.
  open func layoutChildren() {}

  /// Sets a child's frame and lets it lay out its own children.
  public func place(_ child: View, in frame: Rect) {
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
  /// its own handling (focus moves, key bindings).
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
  /// would pile up, each holding memory, all firing at the next change). Every state a
  /// drawing reads is observable, so while none of it has changed the reads are the same.
  var isWatching: Bool { watching.load(ordering: .acquiring) }
  func startWatching() { watching.store(true, ordering: .releasing) }

  /// True while an observation of what the view's size was measured from is live (a view
  /// off screen, not drawn): a drawing must still watch what it reads.
  var isWatchingSize: Bool { watchingSize.load(ordering: .acquiring) }
  func startWatchingSize() { watchingSize.store(true, ordering: .releasing) }
  private let watchingSize = Atomic<Bool>(false)

  /// What an observation calls when something the view read has changed.
  func changed() {
    watching.store(false, ordering: .releasing)
    watchingSize.store(false, ordering: .releasing)
    flag.store(true, ordering: .releasing)
  }
}
