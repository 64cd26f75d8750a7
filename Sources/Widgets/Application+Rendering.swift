import Observation

/// Frames: layout, scrolling to the focused view, and drawing the views that need it
/// while observing what they read.
extension Application {
  /// Where `view` is on the screen now (after scrolling); nil while only the "too small"
  /// notice shows.
  public func screenFrame(of view: View) -> Rect? {
    isTooSmall ? nil : view.frame.offsetBy(dx: 0, dy: viewport.minY - scrollY)
  }

  var isTooSmall: Bool {
    screen.size.width < minimumSize.width || screen.size.height < minimumSize.height
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
    let offset = viewport.minY - scrollY
    for view in views where view.needsDisplay {
      view.invalidation.reset()
      let invalidation = view.invalidation
      // Not on screen (scrolled off, or of no size: an empty text): drawn once it is, as
      // scrolling draws everything. Meanwhile what decides its size is watched (a drawing
      // reads it too), so that growing or shrinking lays the content out again.
      let frame = view.layoutFrame.offsetBy(dx: 0, dy: offset)
      guard !frame.intersection(viewport).isEmpty else {
        if !invalidation.isWatching && !invalidation.isWatchingSize {
          invalidation.startWatchingSize()
          withObservationTracking {
            _ = wantedSize(of: view)
          } onChange: {
            invalidation.changed()
          }
        }
        continue
      }
      if invalidation.isWatching {
        draw(view)
      } else {
        invalidation.startWatching()
        withObservationTracking {
          view.recordingOwnReads { draw(view) }
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

  /// Draws `view` on a canvas of its frame. The frame is read here, while observed, so that
  /// a new frame draws the view again.
  private func draw(_ view: View) {
    let bounds = view.frame.offsetBy(dx: 0, dy: viewport.minY - scrollY)
    view.draw(in: Canvas(screen: screen, theme: theme, bounds: bounds, clip: viewport))
  }

  private func layout() {
    for view in root.subtree { view.adopt(theme) }
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

  /// True when a view to be drawn now wants another size than it was given (a text that
  /// wraps has changed; a centred one grew or shrank): the content must be laid out again.
  private var sizesChanged: Bool {
    root.subtree.contains { view in
      view.needsDisplay && view.children.isEmpty && wantedSize(of: view) != view.layoutFrame.size
    }
  }

  /// The size `view` wants where it is laid out: the height it needs at its width, and
  /// where its stack lets it take only what it wants, that width (never wider than offered,
  /// as the stack places it, whatever a subclass answers).
  private func wantedSize(of view: View) -> Size {
    let given = view.layoutFrame.size
    let wanted = view.sizeThatFits(
      Size(width: view.offeredWidth ?? given.width, height: screen.size.height))
    return Size(
      width: view.offeredWidth.map { min(wanted.width, $0) } ?? given.width, height: wanted.height)
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
}
