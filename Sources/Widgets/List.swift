import Terminal

/// Rows to move through and act on: a header, a few rows of columns in sight at a time, one
/// of them selected, and a line naming what the keys do (`a approve  r reject`).
///
/// Up and Down select the row above and below (they stay in the list, also at its ends:
/// Tab leaves it), Page Up and Page Down a page away, Home and End the first and the last;
/// a click selects the row under it. An ``Action``'s key (a letter, Enter, Delete) acts on
/// the selected row. Columns are as wide as their widest cell, and where they do not all
/// fit the widest gives way, cut with an ellipsis. The rows are read from a closure each
/// time the list is drawn, so a list over a model's rows redraws when they change; the
/// selection stays within them. A disabled list is dimmed and skipped by Tab; one whose
/// `showsError` is true says `errorMessage` under it.
public final class List: View {
  /// What a key does to the selected row.
  public struct Action {
    /// The key (a letter arrives as typed text and matches `Key(.character(letter))`).
    public var key: Key
    /// Its name on the list's last line (`a approve`).
    public var title: String
    /// What it does, given the selected row's index.
    public var perform: (Int) -> Void
    /// Whether it acts only on a row; one that does not (quit, say) works with none (given 0).
    public var needsRow: Bool

    /// `key` does `perform` to the selected row; `title` names it.
    public init(
      _ key: Key, title: String, needsRow: Bool = true, perform: @escaping (Int) -> Void
    ) {
      self.key = key
      self.title = title
      self.needsRow = needsRow
      self.perform = perform
    }
  }

  /// The columns' titles; with none, there is no header row.
  public let columns: [String]
  /// How many rows show at once.
  public let visibleRows: Int
  /// Shown in place of the rows while there are none.
  public let emptyText: String
  /// What the keys do to the selected row, named on the last line in this order.
  public var actions: [Action]
  /// Whether it takes focus and input.
  @ViewState public var isEnabled: () -> Bool = { true }
  /// Whether it shows its error state.
  @ViewState public var showsError: () -> Bool = { false }
  /// The message shown under it while `showsError` is true.
  @ViewState public var errorMessage: () -> String? = { nil }

  private let rows: () -> [[String]]
  private let value: Binding<Int>
  /// The first row shown: a long list scrolls.
  private var scrollRow = 0
  private var glyphs = Theme.Glyphs.unicode

  /// Columns between cells.
  static let gap = 2

  /// A list of what `rows` returns, the selected row's index bound to `selection`.
  /// - Parameters:
  ///   - columns: the columns' titles, or none for no header.
  ///   - rows: each row's cells, read while drawing (a model's rows).
  ///   - selection: the selected row's index.
  ///   - visibleRows: how many rows show at once (at least one).
  ///   - emptyText: shown while there are no rows.
  ///   - actions: what keys do to the selected row.
  public init(
    columns: [String] = [], rows: @escaping () -> [[String]], selection: Binding<Int>,
    visibleRows: Int = 5, emptyText: String = "", actions: [Action] = []
  ) {
    self.columns = columns
    self.rows = rows
    value = selection
    self.visibleRows = max(1, visibleRows)
    self.emptyText = emptyText
    self.actions = actions
  }

  /// The selected row's index within the rows there are now; nil while there are none.
  public var selection: Int? {
    let count = rows().count
    return count == 0 ? nil : min(max(0, value.get()), count - 1)
  }

  /// Selects the row at `index`, kept within the rows.
  public func select(_ index: Int) {
    let count = rows().count
    guard count > 0 else { return }
    let row = min(max(0, index), count - 1)
    if row != value.get() { value.set(row) }
  }

  // MARK: Layout

  private var headerRows: Int { columns.isEmpty ? 0 : 1 }
  private var hintText: String? {
    actions.isEmpty ? nil : actions.map(\.title).joined(separator: "  ")
  }
  private var messageRow: String? { showsError() ? errorMessage() : nil }

  /// Each column's width in `width` columns: its widest cell, the widest giving way while
  /// they do not fit (never below one column).
  static func widths(of table: [[String]], fitting width: Int) -> [Int] {
    let count = table.map(\.count).max() ?? 0
    var widths = (0..<count).map { column in
      table.map { column < $0.count ? TextWidth.columns(of: $0[column]) : 0 }.max() ?? 0
    }
    let room = width - gap * max(0, count - 1)
    while widths.reduce(0, +) > room,
      let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 1
    {
      widths[widest] -= 1
    }
    return widths
  }

  /// The selection mark's columns: the mark and a space.
  private var markColumns: Int { TextWidth.columns(of: glyphs.selectedRow) + 1 }

  override func adopt(_ theme: Theme) { glyphs = theme.glyphs }

  /// The mark and every column whole, the hints and the messages.
  public override func idealWidth(for theme: Theme) -> Int {
    let table = (columns.isEmpty ? [] : [columns]) + rows()
    let cells = Self.widths(of: table, fitting: .max)
    let row =
      TextWidth.columns(of: theme.glyphs.selectedRow) + 1 + cells.reduce(0, +) + Self.gap
      * max(0, cells.count - 1)
    let texts = [hintText, emptyText, errorMessage()].compactMap { $0 }.map(TextWidth.columns)
    return max(row, texts.max() ?? 0)
  }

  /// The header, the rows in sight, the hints and the error message if they show.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let height =
      headerRows + visibleRows + (hintText == nil ? 0 : 1) + (messageRow == nil ? 0 : 1)
    return Size(width: proposal.width, height: height)
  }

  /// While it is enabled.
  public override var acceptsFocus: Bool { isEnabled() }

  /// On the selected row's mark.
  public override var cursorPosition: Point? {
    guard let selection else { return nil }
    let row = selection - scrollRow
    guard row >= 0, row < visibleRows else { return nil }
    return Point(x: 0, y: headerRows + row)
  }

  // MARK: Drawing

  /// The header, the rows with the selected one marked, the hints and the message.
  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    canvas.clear()
    let width = canvas.size.width
    let enabled = isEnabled()
    let focused = isFocused
    let rows = rows()
    let selected = selection
    if let selected { scroll(to: selected, count: rows.count) } else { scrollRow = 0 }

    let table = (columns.isEmpty ? [] : [columns]) + rows
    let widths = Self.widths(of: table, fitting: width - markColumns)
    let dim = Style(.dim)
    if !columns.isEmpty {
      drawCells(columns, widths: widths, y: 0, style: enabled ? theme.caption : dim, in: canvas)
      if rows.count > visibleRows, let selected {
        let position = "\(selected + 1)/\(rows.count)"
        canvas.draw(
          position, at: Point(x: max(0, width - TextWidth.columns(of: position)), y: 0),
          style: theme.caption)
      }
    }
    if rows.isEmpty {
      canvas.draw(truncating: emptyText, at: Point(x: markColumns, y: headerRows), style: dim)
    }
    for line in 0..<visibleRows where scrollRow + line < rows.count {
      let index = scrollRow + line
      let y = headerRows + line
      let isSelected = index == selected
      let style =
        !enabled
        ? dim
        : isSelected && focused ? theme.focusedButton : isSelected ? Style(.bold) : theme.text
      if isSelected {
        canvas.fill(row: y, with: " ", style: style)
        canvas.draw(glyphs.selectedRow, at: Point(x: 0, y: y), style: style)
      }
      drawCells(rows[index], widths: widths, y: y, style: style, in: canvas)
    }
    var y = headerRows + visibleRows
    if let hintText {
      canvas.draw(truncating: hintText, at: Point(x: 0, y: y), style: enabled ? theme.caption : dim)
      y += 1
    }
    if let message = messageRow {
      canvas.draw(truncating: message, at: Point(x: 0, y: y), style: theme.error)
    }
  }

  private func drawCells(
    _ cells: [String], widths: [Int], y: Int, style: Style, in canvas: Canvas
  ) {
    var x = markColumns
    for (column, cell) in cells.enumerated() where column < widths.count {
      let text = Canvas.fitted(cell, columns: widths[column], ellipsis: glyphs.ellipsis)
      canvas.draw(text, at: Point(x: x, y: y), style: style)
      x += widths[column] + Self.gap
    }
  }

  private func scroll(to row: Int, count: Int) {
    scrollRow = min(scrollRow, max(0, count - visibleRows))
    if row < scrollRow { scrollRow = row }
    if row >= scrollRow + visibleRows { scrollRow = row - visibleRows + 1 }
  }

  // MARK: Input

  /// Moves the selection, or acts on the selected row (see ``List``).
  public override func handle(_ event: Event) -> Bool {
    guard isEnabled() else { return false }
    let key: Key
    switch event {
    case .key(let pressed): key = pressed
    case .text(let text) where text.count == 1: key = Key(.character(text.first!))
    default: return false
    }
    let current = selection ?? 0
    switch (key.code, key.modifiers) {
    case (.up, []): select(current - 1)
    case (.down, []): select(current + 1)
    case (.pageUp, []): select(current - visibleRows)
    case (.pageDown, []): select(current + visibleRows)
    case (.home, []): select(0)
    case (.end, []): select(rows().count - 1)
    default:
      guard let action = actions.first(where: { $0.key == key }) else { return false }
      if let selection { action.perform(selection) } else if !action.needsRow { action.perform(0) }
    }
    return true
  }

  /// A click on a row selects it.
  public override func mouseDown(at point: Point) -> Bool {
    guard isEnabled() else { return false }
    let line = point.y - headerRows
    if line >= 0, line < visibleRows, scrollRow + line < rows().count {
      select(scrollRow + line)
    }
    return true
  }
}
