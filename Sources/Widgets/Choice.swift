import Terminal

/// One of several: a label, then `(•) Student  ( ) Regular  ( ) Supporting` on one row
/// where that fits the width, otherwise one option per row.
///
/// Left and Right, Up and Down choose the option before or after (Up on the first option
/// and Down on the last one are the application's, so the focus moves on as from a field);
/// Home and End the first and the last; a letter the next option starting with it; Space
/// the first option while none is chosen; a click the option under it. Nothing is chosen
/// until a person chooses (`selection` nil), so a required choice can say so. A disabled
/// choice is dimmed and skipped by Tab; one whose `showsError` is true is drawn in the
/// error style with `errorMessage` under it.
public final class Choice: View {
  /// What the choice asks.
  public let label: String
  /// The options, in order.
  public let options: [String]
  /// Help under the options; replaced by the error message while the choice shows an error.
  public let caption: (() -> String?)?
  /// Whether it takes focus and input.
  @ViewState public var isEnabled: () -> Bool = { true }
  /// Whether it shows its error state.
  @ViewState public var showsError: () -> Bool = { false }
  /// The message shown under it while `showsError` is true.
  @ViewState public var errorMessage: () -> String? = { nil }

  private let value: Binding<Int?>
  private var glyphs = Theme.Glyphs.unicode

  /// Columns between options on one row.
  static let gap = 2

  /// A choice of one of `options`, the chosen one's index bound to `selection`.
  /// - Parameters:
  ///   - label: what the choice asks.
  ///   - options: what may be chosen, in order.
  ///   - selection: the index of the chosen option, nil while none is; usually a model's.
  ///   - caption: a line of help under the options.
  public init(
    _ label: String, options: [String], selection: Binding<Int?>,
    caption: (() -> String?)? = nil
  ) {
    self.label = label
    self.options = options
    self.caption = caption
    value = selection
  }

  /// The index of the chosen option, nil while none is (an index past the options is none).
  public var selection: Int? {
    value.get().flatMap { options.indices.contains($0) ? $0 : nil }
  }

  /// Chooses the option at `index` (when enabled and `index` is one of the options).
  public func choose(_ index: Int) {
    guard isEnabled(), options.indices.contains(index), index != selection else { return }
    value.set(index)
  }

  // MARK: Layout

  /// Where an option is drawn: its row under the label, its column, its width.
  struct Place: Hashable {
    var row: Int
    var x: Int
    var columns: Int
  }

  private func face(_ index: Int, chosen: Bool) -> String {
    (chosen ? glyphs.chosen : glyphs.notChosen) + " " + options[index]
  }

  /// Where each option goes at `width`: all on one row if they fit, else one per row. The
  /// drawing and clicks both use it, so a click hits what is on screen.
  func places(width: Int) -> [Place] {
    let widths = options.indices.map { TextWidth.columns(of: face($0, chosen: false)) }
    let oneRow = widths.reduce(0, +) + Self.gap * max(0, widths.count - 1)
    if oneRow <= width {
      var x = 0
      return widths.map { columns in
        defer { x += columns + Self.gap }
        return Place(row: 0, x: x, columns: columns)
      }
    }
    return widths.enumerated().map { Place(row: $0.offset, x: 0, columns: min($0.element, width)) }
  }

  private var messageRow: String? {
    if showsError(), let message = errorMessage() { return message }
    return caption?()
  }

  override func adopt(_ theme: Theme) { glyphs = theme.glyphs }

  /// Every option on one row, the label, the caption and the error message.
  public override func idealWidth(for theme: Theme) -> Int {
    let mark = max(
      TextWidth.columns(of: theme.glyphs.chosen), TextWidth.columns(of: theme.glyphs.notChosen))
    let oneRow =
      options.map { mark + 1 + TextWidth.columns(of: $0) }.reduce(0, +) + Self.gap
      * max(0, options.count - 1)
    let texts = [label, caption?(), errorMessage()].compactMap { $0 }.map(TextWidth.columns)
    return max(oneRow, texts.max() ?? 0)
  }

  /// The label row, the options' rows, and a row for the caption or error if there is one.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let rows = (places(width: proposal.width).last?.row ?? -1) + 1
    return Size(width: proposal.width, height: 1 + rows + (messageRow == nil ? 0 : 1))
  }

  /// While it is enabled and has options.
  public override var acceptsFocus: Bool { isEnabled() && !options.isEmpty }

  /// On the chosen option's mark (the first option's while none is).
  public override var cursorPosition: Point? {
    let places = places(width: frame.width)
    guard !places.isEmpty else { return nil }
    let place = places[selection ?? 0]
    return Point(x: place.x + 1, y: 1 + place.row)
  }

  // MARK: Drawing

  /// The label, each option with its mark, and the caption or the error.
  public override func draw(in canvas: Canvas) {
    let theme = canvas.theme
    canvas.clear()
    let enabled = isEnabled()
    let error = showsError()
    let focused = isFocused
    let chosen = selection
    let labelStyle =
      !enabled ? Style(.dim) : error ? theme.error : focused ? theme.focusedLabel : theme.label
    canvas.draw(truncating: label, at: .zero, style: labelStyle)
    let places = places(width: canvas.size.width)
    for (index, place) in places.enumerated() {
      let isChosen = index == chosen
      let style =
        !enabled
        ? Style(.dim)
        : isChosen && focused ? theme.focusedLabel : isChosen ? Style(.bold) : theme.text
      canvas.draw(
        truncating: face(index, chosen: isChosen), at: Point(x: place.x, y: 1 + place.row),
        style: style)
    }
    guard let message = messageRow else { return }
    let row = 1 + (places.last?.row ?? -1) + 1
    let style = error && errorMessage() != nil ? theme.error : theme.caption
    canvas.draw(truncating: message, at: Point(x: 0, y: row), style: style)
  }

  // MARK: Input

  /// Arrows, Home, End, a first letter and Space choose (see ``Choice``).
  public override func handle(_ event: Event) -> Bool {
    guard isEnabled(), !options.isEmpty else { return false }
    let last = options.count - 1
    switch event {
    case .key(Key(.left, [])):
      choose(max(0, (selection ?? 0) - 1))
    case .key(Key(.right, [])):
      choose(selection.map { min(last, $0 + 1) } ?? 0)
    case .key(Key(.up, [])):
      guard let current = selection, current > 0 else { return false }
      choose(current - 1)
    case .key(Key(.down, [])):
      let next = selection.map { $0 + 1 } ?? 0
      guard next <= last else { return false }
      choose(next)
    case .key(Key(.home, [])):
      choose(0)
    case .key(Key(.end, [])):
      choose(last)
    case .text(" "):
      if selection == nil { choose(0) }
    case .text(let text):
      guard let letter = text.first, text.count == 1, letter.isLetter || letter.isNumber
      else { return false }
      guard let index = option(startingWith: letter) else { return true }
      choose(index)
    default:
      return false
    }
    return true
  }

  /// The next option after the chosen one whose first letter is `letter` (any case),
  /// going round.
  private func option(startingWith letter: Character) -> Int? {
    let wanted = String(letter).lowercased()
    let start = (selection ?? -1) + 1
    return (0..<options.count).map { (start + $0) % options.count }.first { index in
      options[index].first.map { String($0).lowercased() == wanted } ?? false
    }
  }

  /// A click on an option chooses it.
  public override func mouseDown(at point: Point) -> Bool {
    guard isEnabled() else { return false }
    let hit = places(width: frame.width).firstIndex { place in
      point.y == 1 + place.row && point.x >= place.x && point.x < place.x + place.columns
    }
    if let hit { choose(hit) }
    return true
  }
}
