import Observation

/// The bits a view's own observable state has in ``View/ownReads``: its frame, its focus, an
/// editor's text and cursor, then each `@ViewState` in the order its drawing first reads it.
enum OwnStateSlot {
  static let frame = 0
  static let isFocused = 1
  static let editor = 2
  static let firstViewState = 3
  /// No more than this many fit in the bits; a view with more `@ViewState`s than that has
  /// the rest observed by Observation's registrar, as other views' state is.
  static let count = 64
}

/// The toolkit's own registrar for what a view's drawing reads of the view itself.
///
/// A drawing under `withObservationTracking` pays for every read: the key path hashed into
/// an access list, registered with the registrar after the drawing and taken out again when
/// anything read changes (each observed read about 4,000 instructions). A field's drawing
/// reads about ten of its own states (frame, focus, editor, error, notice, meter, ...) and
/// five of its model's. The view's own reads are recorded here instead, as one bit each in
/// the view, and the drawing's tracking watches one stand-in (``ownDrawing``) for all of
/// them: a change to a state the drawing read announces the stand-in, which ends the
/// tracking (and with it every read of the model) exactly as a change to the state itself
/// did. What is redrawn, and when, is unchanged.
extension View {
  /// Runs `draw` as the view's tracked drawing: reads of its own state are recorded in
  /// ``ownReads``; the tracking around it (the caller's) observes the stand-in.
  func recordingOwnReads(_ draw: () -> Void) {
    ownReads = 0
    observationRegistrar.access(self, keyPath: \.ownDrawing)
    isDrawingTracked = true
    draw()
    isDrawingTracked = false
  }

  /// Observes a read of the view's own state at `keyPath`: in the view's tracked drawing, as
  /// its bit; otherwise by the registrar (another view's drawing, a watched size).
  func accessOwn<Subject: View, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, slot: Int?
  ) {
    if isDrawingTracked, let slot {
      ownReads |= 1 << UInt64(slot)
    } else {
      if isDrawingTracked { ownReadsObserved += 1 }
      observationRegistrar.access(subject, keyPath: keyPath)
    }
  }

  /// Announces a change to the view's own state at `keyPath`: to whoever observed it through
  /// the registrar, and to the view's drawing when it read it.
  func withOwnMutation<Subject: View, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, slot: Int?,
    _ mutation: () throws -> Result
  ) rethrows -> Result {
    let result = try observationRegistrar.withMutation(of: subject, keyPath: keyPath, mutation)
    if let slot, ownReads & (1 << UInt64(slot)) != 0 {
      ownReads = 0
      observationRegistrar.withMutation(of: self, keyPath: \.ownDrawing) {}
    }
    return result
  }

  /// A new bit for a `@ViewState` first read by the view's drawing; nil when none is left.
  func newOwnSlot() -> Int? {
    guard nextOwnSlot < OwnStateSlot.count else { return nil }
    defer { nextOwnSlot += 1 }
    return nextOwnSlot
  }

  /// The stand-in the tracking of the view's drawing observes for all its own state.
  var ownDrawing: Int { 0 }

  /// How many of its own states the view's last tracked drawing read (each one bit, none
  /// in an access list).
  @_spi(Testing) public var ownStateReadCount: Int { ownReads.nonzeroBitCount }
}
