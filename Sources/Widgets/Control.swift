/// A view that does something when activated: by Enter or Space while focused, or by a
/// click. Buttons and links; subclass it and override ``activate()`` for another.
open class Control: View {
  /// A control takes focus.
  open override var acceptsFocus: Bool { true }

  /// What activation does.
  open func activate() {}

  /// Enter and Space activate.
  open override func handle(_ event: Event) -> Bool {
    switch event {
    case .key(Key(.enter, [])), .text(" "):
      activate()
      return true
    default:
      return false
    }
  }

  /// A click activates.
  open override func mouseDown(at point: Point) -> Bool {
    activate()
    return true
  }
}
