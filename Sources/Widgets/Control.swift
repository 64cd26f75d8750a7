import Terminal

/// A view that does something when activated: by Enter or Space while focused, or by a
/// click. Buttons and links.
open class Control: View {
  public override var acceptsFocus: Bool { true }

  /// What activation does.
  open func activate() {}

  public override func handle(_ event: Event) -> Bool {
    switch event {
    case .key(Key(.enter, [])), .text(" "):
      activate()
      return true
    default:
      return false
    }
  }

  public override func mouseDown(at point: Point) -> Bool {
    activate()
    return true
  }
}
