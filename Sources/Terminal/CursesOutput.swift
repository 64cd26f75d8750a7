import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

/// ncurses opened on one output descriptor: the cells it keeps, drawn into by ``CursesScreen``
/// and sent to the terminal by `doupdate`, in one `write` a frame.
///
/// Input, signals and the terminal's modes are the screen's; this holds only what ncurses
/// needs to draw.
final class CursesOutput {
  let screen: OpaquePointer
  let window: UnsafeMutablePointer<WINDOW>
  private let file: UnsafeMutablePointer<FILE>
  /// Whether styles' colours are drawn: set once colour pairs are made.
  var colors = false
  /// Cells made grapheme by grapheme, the slow way: what tests count.
  private(set) var graphemeCells = 0
  /// The code points ``standsAlone(_:)`` was asked about, and its answers: a form draws
  /// few runs (a mask, a meter's two cells), each on most keys.
  private var aloneScalars: [Unicode.Scalar: Bool] = [:]

  /// Opens ncurses on a copy of `descriptor`, for the terminal type `TERM` names (or
  /// `terminalType`); nil when that type is unknown.
  init?(descriptor: Int32, terminalType: String? = nil) {
    let copy = dup(descriptor)
    guard copy >= 0 else { return nil }
    guard let file = fdopen(copy, "r+") else {
      Glibc.close(copy)
      return nil
    }
    guard let screen = newterm(terminalType, file, file) else {
      fclose(file)
      return nil
    }
    self.file = file
    self.screen = screen
    window = cn_stdscr()
    raw()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, false)
    // Input is ours to read; ncurses must not postpone output when it sees some pending.
    typeahead(-1)
    leaveInitialState(copy: copy, descriptor: descriptor)
  }

  /// Until a program has called `endwin` and refreshed once, ncurses flushes its output
  /// after every cursor movement: a frame goes out in one `write` per jump (syscalls,
  /// wake-ups of the reader, SSH packets). The round trip is made with the output pointed
  /// at /dev/null, so nothing of it (main screen, cooked modes, colour resets) reaches the
  /// terminal. ncurses' own start-up bytes (alternate screen, scroll region) go out first:
  /// a delay of 0 ms flushes its buffer and writes nothing.
  private func leaveInitialState(copy: Int32, descriptor: Int32) {
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else { return }
    defer { Glibc.close(null) }
    delay_output(0)
    guard dup2(null, copy) == copy else { return }
    endwin()
    doupdate()
    _ = dup2(descriptor, copy)
    // The first real frame must still clear the terminal, as it would have.
    clearok(cn_curscr(), true)
  }

  /// Sends the cells that changed since the last call, and the cursor's place.
  func send() {
    wnoutrefresh(window)
    doupdate()
  }

  /// Gives ncurses back its memory and closes its copy of the descriptor.
  func close() {
    delscreen(screen)
    fclose(file)
  }

  /// The size ncurses draws, at most the terminal's (see ``CursesScreen/maximumSize``).
  var size: Size {
    Size(width: Int(cn_getmaxx(window)), height: Int(cn_getmaxy(window)))
  }

  /// Draws `text` into ncurses' buffer, one grapheme per cell (see ``TextWidth``).
  func draw(_ text: String, at origin: Point, style: Style) {
    let size = self.size
    guard (0..<size.height).contains(origin.y), origin.x < size.width else { return }
    let (attributes, pair) = attributes(for: style)
    var text = text
    let drawnFromBytes = text.withUTF8 { bytes in
      drawBytes(bytes, at: origin, width: size.width, attributes: attributes, pair: pair)
    }
    if drawnFromBytes { return }
    if drawRun(text, at: origin, width: size.width, attributes: attributes, pair: pair) { return }
    TextWidth.layOut(text, from: origin.x, rowWidth: size.width) { x, character in
      graphemeCells += 1
      var cell = self.cell(character ?? " ", attributes: attributes, pair: pair)
      // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
      mvwadd_wch(window, Int32(origin.y), Int32(x), &cell)
    }
  }

  /// Printable ASCII, with or without marks of U+0300-U+036F on its letters (a met
  /// requirement's struck-through text, see `TextWidth.markedASCIIColumns`), drawn from its
  /// bytes: plain, in one call; marked, a cell a letter with its marks (as many as
  /// `TextWidth.cellScalars` keeps). False, drawing nothing, for any other text.
  private func drawBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, width: Int, attributes: attr_t,
    pair: Int16
  ) -> Bool {
    guard let columns = TextWidth.markedASCIIColumns(bytes) else { return false }
    if columns == bytes.count {
      let skip = max(0, -origin.x)
      let count = min(bytes.count - skip, width - max(0, origin.x))
      guard count > 0 else { return true }
      // The cells are made here and copied in: `waddnstr` asks of every byte whether it
      // starts a multibyte character (`wctob`, about 250 instructions a letter), which
      // ASCII never does. A chtype holds colour pairs below 256; there is one a colour.
      let style = chtype(attributes) | cn_color_pair(pair)
      withUnsafeTemporaryAllocation(of: chtype.self, capacity: count) { cells in
        for index in 0..<count { cells[index] = chtype(bytes[skip + index]) | style }
        _ = mvwaddchnstr(
          window, Int32(origin.y), Int32(max(0, origin.x)), cells.baseAddress!, Int32(count))
      }
      return true
    }
    guard origin.x >= 0 else { return false }
    let most = TextWidth.cellScalarLimit
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: most + 1) { scalars in
      var cell = cchar_t()
      var index = 0
      var x = origin.x
      while index < bytes.count && x < width {
        scalars[0] = wchar_t(bytes[index])
        var count = 1
        index += 1
        while index + 1 < bytes.count, TextWidth.isDiacriticalMark(bytes[index], bytes[index + 1]) {
          let value = UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
          if count < most {
            scalars[count] = wchar_t(bitPattern: value)
            count += 1
          }
          index += 2
        }
        scalars[count] = 0
        setcchar(&cell, scalars.baseAddress!, attributes, pair, nil)
        mvwadd_wch(window, Int32(origin.y), Int32(x), &cell)
        x += 1
      }
    }
    return true
  }

  /// One code point repeated (a password's mask, a meter's cells), each a grapheme of one
  /// column on its own: its cell made once and drawn in one call.
  private func drawRun(
    _ text: String, at origin: Point, width: Int, attributes: attr_t, pair: Int16
  ) -> Bool {
    guard origin.x >= 0 else { return false }
    var scalars = text.unicodeScalars.makeIterator()
    guard let scalar = scalars.next() else { return false }
    var count = 1
    while let next = scalars.next() {
      guard next == scalar else { return false }
      count += 1
    }
    guard TextWidth.columns(of: scalar) == 1, standsAlone(scalar) else { return false }
    var cell = cell(Character(scalar), attributes: attributes, pair: pair)
    mvwhline_set(
      window, Int32(origin.y), Int32(origin.x), &cell, Int32(min(count, width - origin.x)))
    return true
  }

  /// Whether `scalar` twice is two graphemes (so any run of it is one a code point): not a
  /// regional indicator, a prefix or a spacing mark. The answers are kept, a few at most.
  private func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    if let known = aloneScalars[scalar] { return known }
    var pair = String.UnicodeScalarView()
    pair.append(scalar)
    pair.append(scalar)
    let alone = String(pair).count == 2
    if aloneScalars.count >= 16 { aloneScalars.removeAll() }
    aloneScalars[scalar] = alone
    return alone
  }

  /// Fills `rect` row by row, one ncurses call a row.
  func fill(_ rect: Rect, with character: Character, style: Style) {
    let area = rect.intersection(Rect(origin: .zero, size: size))
    guard !area.isEmpty else { return }
    let (attributes, pair) = attributes(for: style)
    var cell = cell(character, attributes: attributes, pair: pair)
    for y in area.minY..<area.maxY {
      mvwhline_set(window, Int32(y), Int32(area.minX), &cell, Int32(area.width))
    }
  }

  /// A cell holding `character` as ncurses can keep it (see `TextWidth.cellScalars`).
  private func cell(_ character: Character, attributes: attr_t, pair: Int16) -> cchar_t {
    var cell = cchar_t()
    let scalars = character.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first, TextWidth.columns(of: scalar) > 0 {
      var wide: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
      withUnsafePointer(to: &wide) {
        $0.withMemoryRebound(to: wchar_t.self, capacity: 2) {
          _ = setcchar(&cell, $0, attributes, pair, nil)
        }
      }
    } else {
      let wide = TextWidth.cellScalars(of: character).map { wchar_t(bitPattern: $0.value) } + [0]
      setcchar(&cell, wide, attributes, pair, nil)
    }
    return cell
  }

  private func attributes(for style: Style) -> (attr_t, Int16) {
    var result = cn_a_normal()
    if style.attributes.contains(.bold) { result |= cn_a_bold() }
    if style.attributes.contains(.dim) { result |= cn_a_dim() }
    if style.attributes.contains(.underline) { result |= cn_a_underline() }
    if style.attributes.contains(.reverse) { result |= cn_a_reverse() }
    let pair = colors ? Int16((style.foreground?.rawValue ?? -1) + 1) : 0
    return (result, pair)
  }
}
