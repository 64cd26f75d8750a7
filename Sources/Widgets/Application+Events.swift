/// Where events go: keys to the focused view, then to the key bindings; text and pastes
/// to the focused view; a click to the view under it.
extension Application {
  /// Handles one event as ``process(_:)`` does, without rendering.
  public func handle(_ event: Event) {
    switch event {
    case .key, .text, .paste, .refused, .mouse: inputCount &+= 1
    default: break
    }
    switch event {
    case .key(let key):
      handle(key)
    case .text, .paste, .refused:
      _ = focused?.handle(event)
    case .mouse(let mouse):
      if mouse.button == .left, mouse.action == .press { click(at: mouse.position) }
    case .resize:
      needsLayout = true
    case .resume:
      needsLayout = true
      screen.invalidate()
    case .terminate(let signal):
      if let onTerminate { onTerminate(signal) } else { end(.signal(signal)) }
    case .endOfInput:
      if let onEndOfInput { onEndOfInput() } else { end(.endOfInput) }
    }
  }

  private func handle(_ key: Key) {
    let action = keyBindings[key]
    // Before the focused view: no field may keep the terminal from being suspended.
    if action == .suspend {
      screen.suspend()
      needsLayout = true
      return
    }
    if focused?.handle(.key(key)) == true { return }
    switch action {
    case .focusNext: focusNext()
    case .focusPrevious: focusPrevious()
    case .cancel: if let onCancel { onCancel() } else { end(.cancelled) }
    case .interrupt: if let onInterrupt { onInterrupt() } else { end(.interrupted) }
    case .suspend, nil: break
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

  /// Gives `view` the keyboard focus (nil: no view has it); the view that had it is told
  /// to ``onFocusLeave``.
  public func focus(_ view: View?) {
    guard view !== focused else { return }
    let previous = focused
    previous?.isFocused = false
    focused = view
    view?.isFocused = true
    if let previous { onFocusLeave(previous) }
  }

  /// Focuses the next view that takes focus, in tree order, wrapping around.
  public func focusNext() { focus(FocusChain(root: root).next(after: focused, forward: true)) }

  /// Focuses the previous view that takes focus, in tree order, wrapping around.
  public func focusPrevious() {
    focus(FocusChain(root: root).next(after: focused, forward: false))
  }
}
