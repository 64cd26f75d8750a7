/// What a field looks like: its rows, and the part of a long value that shows.
extension TextField {
  /// Label (floating or in the value row), the value scrolled to the cursor, the
  /// underline, the caption or error; every row painted.
  func drawRows(in canvas: Canvas) {
    let theme = canvas.theme
    synchronize(with: value.get())
    let enabled = isEnabled()
    let error = showsError()
    let width = canvas.size.width
    canvas.clear()

    let captionText = caption?()
    let errorText = error ? errorMessage() : nil
    let notice = wasCutByMaxLength ? maxLengthMessage : nil
    // Each observable state read once: every read inside a tracked drawing is registered.
    let focused = isFocused
    let isEmpty = editor.isEmpty
    let floating = focused || !isEmpty
    let refused = isShowingRefusal

    let disabledStyle = Style(.dim)
    drawnAccessoryColumns = 0
    // The label comes first: where both do not fit, the accessory (its keys still work)
    // is left out rather than cut the label.
    if floating, let accessory,
      TextWidth.columns(of: label) + 1 + TextWidth.columns(of: accessory) <= width
    {
      drawnAccessoryColumns = TextWidth.columns(of: accessory)
      canvas.draw(accessory, at: Point(x: width - drawnAccessoryColumns, y: 0), style: theme.link)
    }
    let labelStyle = !enabled ? disabledStyle : focused ? theme.focusedLabel : theme.label
    if let notice, caption == nil {
      drawLabel(with: notice, floating: floating, width: width, style: labelStyle, in: canvas)
    } else if floating {
      canvas.draw(label, at: .zero, style: labelStyle)
    }
    // The maximum-length notice, while it shows, has the meter's place.
    drawMeter(in: canvas, shows: floating && (notice == nil || caption != nil))

    if !floating {
      canvas.draw(label, at: Point(x: 0, y: 1), style: !enabled ? disabledStyle : theme.placeholder)
      cursorColumn = 0
    } else if isEmpty, let placeholder {
      canvas.draw(placeholder, at: Point(x: 0, y: 1), style: theme.placeholder)
      cursorColumn = 0
    } else {
      drawnMask = mask(glyphs: theme.glyphs)
      let (visible, column) = visibleText(width: width, mask: drawnMask)
      canvas.draw(visible, at: Point(x: 0, y: 1), style: enabled ? theme.text : disabledStyle)
      cursorColumn = column
    }

    let lineStyle =
      !enabled
      ? disabledStyle
      : error || refused ? theme.errorLine : focused ? theme.focusedLine : theme.line
    let glyph = focused && enabled ? theme.glyphs.heavyLine : theme.glyphs.thinLine
    canvas.fill(row: 2, with: glyph, style: lineStyle)

    if caption != nil {
      if let notice {
        canvas.draw(notice, at: Point(x: 0, y: 3), style: theme.error)
      } else if let errorText {
        canvas.draw(errorText, at: Point(x: 0, y: 3), style: theme.error)
      } else if let captionText {
        let style = !enabled ? disabledStyle : refused ? theme.error : theme.caption
        canvas.draw(captionText, at: Point(x: 0, y: 3), style: style)
      }
    }
  }

  /// The label row with the maximum-length notice at its right, before the accessory; when
  /// both do not fit, the notice takes the label's place.
  func drawLabel(
    with notice: String, floating: Bool, width: Int, style: Style, in canvas: Canvas
  ) {
    let end = width - (drawnAccessoryColumns > 0 ? drawnAccessoryColumns + 1 : 0)
    let columns = TextWidth.columns(of: notice)
    let labelColumns = floating ? TextWidth.columns(of: label) + 1 : 0
    if labelColumns + columns <= end {
      if floating { canvas.draw(label, at: .zero, style: style) }
      canvas.draw(notice, at: Point(x: end - columns, y: 0), style: canvas.theme.error)
    } else {
      canvas.draw(
        Canvas.prefix(notice, columns: max(0, end)), at: .zero, style: canvas.theme.error)
    }
  }

  /// The part of the value that fits in `width` columns with the cursor in view, and the
  /// cursor's column in it. One column stays free for the cursor after the last grapheme.
  func visibleText(width: Int, mask: Character?) -> (String, Int) {
    let count = storedEditor.characters.count
    let cursor = storedEditor.cursor
    let room = max(0, width - 1)
    // A mask is one width for every grapheme: measured once, not once a grapheme a walk.
    let maskColumns = mask.map { TextWidth.columns(of: $0) }
    func columns(_ index: Int) -> Int {
      maskColumns ?? TextWidth.columns(of: storedEditor.characters[index])
    }

    // Every grapheme takes at least one column, so no more than `room` of them fit
    // before the cursor: start there rather than walk a long text from its beginning.
    scroll = min(max(scroll, cursor - room), cursor)
    var beforeCursor = 0
    for index in scroll..<cursor { beforeCursor += columns(index) }
    while beforeCursor > room && scroll < cursor {
      beforeCursor -= columns(scroll)
      scroll += 1
    }
    // Show as much as fits when the text before the window has become short enough.
    var tail = 0
    var index = scroll
    while index < count && tail <= room {
      tail += columns(index)
      index += 1
    }
    while scroll > 0 && tail + columns(scroll - 1) <= room {
      scroll -= 1
      tail += columns(scroll)
      beforeCursor += columns(scroll)
    }

    var visible = ""
    var used = 0
    index = scroll
    while index < count {
      let character = displayCharacter(at: index, mask: mask)
      let characterWidth = columns(index)
      if used + characterWidth > width { break }
      visible.append(character)
      used += characterWidth
      index += 1
    }
    return (visible, min(beforeCursor, max(0, width - 1)))
  }
}
