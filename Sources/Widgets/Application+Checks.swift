/// A check for tests that every view on the screen shows what it would draw now: the
/// toolkit's way of holding widgets and screens to "a drawing reads only observable state".
extension Application {
  /// The views whose cells on the screen differ from what drawing them now would paint.
  ///
  /// Right after ``render()`` there should be none: a view that shows something else read
  /// state that is not observable (a plain `var`, a closure over one) and it changed since.
  /// Only a ``MemoryScreen`` can be read back: on another screen, and while the "too
  /// small" notice shows, the answer is empty. Containers draw nothing and are skipped.
  @_spi(Testing) public func staleViews() -> [View] {
    guard let shown = screen as? MemoryScreen, !isTooSmall else { return [] }
    return root.subtree.filter { view in
      guard view.children.isEmpty, let frame = screenFrame(of: view) else { return false }
      let area = frame.intersection(viewport)
      guard !area.isEmpty else { return false }
      // Drawn again on a screen the size of what shows of it, at its corner.
      let fresh = MemoryScreen(size: area.size, capabilities: shown.capabilities)
      let bounds = frame.offsetBy(dx: -area.minX, dy: -area.minY)
      view.draw(
        in: Canvas(
          screen: fresh, theme: theme, bounds: bounds, clip: Rect(origin: .zero, size: area.size)))
      for y in 0..<area.height {
        for x in 0..<area.width
        where fresh.cell(at: Point(x: x, y: y))
          != shown.cell(at: Point(x: area.minX + x, y: area.minY + y))
        {
          return true
        }
      }
      return false
    }
  }
}
