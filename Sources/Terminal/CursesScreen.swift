import CNcurses
import CSignals
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Why a terminal screen could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// There is no controlling terminal to draw on (`/dev/tty` cannot be opened).
  case noTerminal(reason: String)
  /// `TERM` is unset or names a terminal the terminfo database does not know.
  case unknownTerminal(String?)

  public var description: String {
    switch self {
    case .noTerminal(let reason):
      "no terminal to draw on (/dev/tty: \(reason))"
    case .unknownTerminal(nil):
      "TERM is not set, so the terminal type is unknown"
    case .unknownTerminal(let name?):
      "unknown terminal type '\(name)' (TERM): no terminfo entry"
    }
  }
}

/// The real terminal, through ncurses: drawing, the cursor, and input from `/dev/tty`.
///
/// ncurses does the output: it keeps what the terminal shows and sends only the cells that
/// changed. Input is read from the terminal by this class and decoded by `InputDecoder`,
/// which knows bracketed paste, SGR mouse reports and modified keys. Opening it switches
/// to the alternate screen, raw mode, mouse and bracketed paste; `close()` (and the crash
/// rescue) puts every one of them back.
public final class CursesScreen: Screen {
  public let capabilities: ScreenCapabilities
  public var cursor: Point?

  private let tty: Int32
  private let output: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let signalPipe: (read: Int32, write: Int32)
  /// The pipe's write end for wakers on other threads.
  private let wakeDescriptor: WakeDescriptor
  private let savedModes: termios
  private var decoder = InputDecoder()
  /// When the bytes now held by the decoder (a lone Esc, say) arrived.
  private var pendingSince: ContinuousClock.Instant?
  /// When the terminal last sent anything: a paste ends when input pauses after it.
  private var lastInput = ContinuousClock.now
  private var readBuffer = [UInt8](repeating: 0, count: 65536)
  private var shownCursor: Point?
  private var isOpen = true
  /// The terminal went away (and it was said): from then on only signals, the waker and
  /// timers are waited for, or every wait would end at once (a hung-up tty always polls
  /// ready) while the program waits for an account being written.
  private var inputEnded = false

  /// A lone Esc is the Esc key when nothing follows within this time.
  private static let escapeDelay = Duration.milliseconds(25)
  /// A bracketed paste without its end marker ends when nothing comes for this long.
  private static let pastePause = Duration.milliseconds(100)
  /// Bracketed paste on; mouse clicks reported, in SGR encoding.
  private static let enableModes = "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"
  private static let disableModes = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"
  private static let forwardedSignals: [Int32] = [
    SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT,
  ]
  private static let endingSignals: Set<Int32> = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// The largest screen drawn. ncurses keeps about 84 bytes a cell, so the size a terminal
  /// (or an SSH client) reports, up to 65535x65535, is clamped: a larger terminal shows the
  /// form in its top-left 512x256 cells (19 MB at most, against gigabytes).
  public static let maximumSize = Size(width: 512, height: 256)

  /// Opens the controlling terminal. The caller must have called `setlocale(LC_ALL, "")`.
  /// - Parameters:
  ///   - colors: whether colours may be used (they are only if the terminal has them).
  ///   - crashNotice: a line shown on the restored terminal if the program crashes.
  public init(colors: Bool, crashNotice: String = "") throws(TerminalError) {
    let name = getenv("TERM").map { String(cString: $0) }
    guard let name, !name.isEmpty else { throw .unknownTerminal(nil) }

    tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty >= 0 else { throw .noTerminal(reason: String(cString: strerror(errno))) }
    var modes = termios()
    tcgetattr(tty, &modes)
    savedModes = modes

    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      Glibc.close(tty)
      throw .noTerminal(reason: String(cString: strerror(errno)))
    }
    signalPipe = (fds[0], fds[1])
    wakeDescriptor = WakeDescriptor(fds[1])
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    // Installed before newterm, so ncurses leaves these signals to us. Without them Ctrl-C
    // and SIGTERM could not restore the terminal: no form then.
    guard
      csignals_forward(
        signalPipe.write, Self.forwardedSignals, Int32(Self.forwardedSignals.count)) == 0
    else {
      let reason = String(cString: strerror(errno))
      csignals_restore_defaults(Self.forwardedSignals, Int32(Self.forwardedSignals.count))
      wakeDescriptor.close()
      Glibc.close(signalPipe.read)
      Glibc.close(tty)
      throw .noTerminal(reason: reason)
    }

    let outputFD = dup(tty)
    let file = outputFD >= 0 ? fdopen(outputFD, "r+") : nil
    let terminal = tty
    let screen = file.flatMap { file in Self.clampingSize(of: terminal) { newterm(nil, file, file) }
    }
    guard let file, let screen else {
      if let file { fclose(file) } else if outputFD >= 0 { Glibc.close(outputFD) }
      csignals_restore_defaults(Self.forwardedSignals, Int32(Self.forwardedSignals.count))
      wakeDescriptor.close()
      Glibc.close(signalPipe.read)
      Glibc.close(tty)
      throw .unknownTerminal(name)
    }
    output = file
    self.screen = screen
    window = cn_stdscr()
    raw()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, false)
    // Input is ours to read; ncurses must not postpone output when it sees some pending.
    typeahead(-1)

    let useColors = colors && has_colors()
    if useColors {
      start_color()
      use_default_colors()
      for color in Color.allCases {
        init_pair(Int16(color.rawValue + 1), Int16(color.rawValue), -1)
      }
    }
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    capabilities = ScreenCapabilities(colors: useColors, unicode: codeset == "UTF-8")

    write(Self.enableModes)
    armRescue(notice: crashNotice)
  }

  deinit { close() }

  /// Restores the terminal as it was before opening: modes, cursor, main screen.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    csignals_disarm_rescue()
    write(Self.disableModes)
    endwin()
    delscreen(screen)
    fclose(output)
    var modes = savedModes
    tcsetattr(tty, TCSADRAIN, &modes)
    csignals_restore_defaults(Self.forwardedSignals, Int32(Self.forwardedSignals.count))
    wakeDescriptor.close()
    Glibc.close(signalPipe.read)
    Glibc.close(tty)
  }

  // MARK: Drawing

  public var size: Size {
    Size(width: Int(cn_getmaxx(window)), height: Int(cn_getmaxy(window)))
  }

  public func draw(_ text: String, at origin: Point, style: Style) {
    let size = self.size
    guard (0..<size.height).contains(origin.y), origin.x < size.width else { return }
    let (attributes, pair) = attributes(for: style)
    if drawASCII(text, at: origin, width: size.width, attributes: attributes, pair: pair) { return }
    TextWidth.layOut(text, from: origin.x, rowWidth: size.width) { x, character in
      var cell = self.cell(character ?? " ", attributes: attributes, pair: pair)
      // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
      mvwadd_wch(window, Int32(origin.y), Int32(x), &cell)
    }
  }

  /// Printable ASCII is one byte per cell: ncurses takes the whole run in one call.
  private func drawASCII(
    _ text: String, at origin: Point, width: Int, attributes: attr_t, pair: Int16
  )
    -> Bool
  {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
      let skip = max(0, -origin.x)
      let count = min(bytes.count - skip, width - max(0, origin.x))
      guard count > 0 else { return true }
      wattr_set(window, attributes, pair, nil)
      bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
        _ = mvwaddnstr(window, Int32(origin.y), Int32(max(0, origin.x)), chars + skip, Int32(count))
      }
      wattr_set(window, cn_a_normal(), 0, nil)
      return true
    }
  }

  public func fill(_ rect: Rect, with character: Character, style: Style) {
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
    let pair = capabilities.colors ? Int16((style.foreground?.rawValue ?? -1) + 1) : 0
    return (result, pair)
  }

  public func flush() {
    let size = self.size
    let visible = cursor.flatMap { point in
      Rect(origin: .zero, size: size).contains(point) ? point : nil
    }
    if (visible == nil) != (shownCursor == nil) { curs_set(visible == nil ? 0 : 1) }
    shownCursor = visible
    if let visible { wmove(window, Int32(visible.y), Int32(visible.x)) }
    wnoutrefresh(window)
    doupdate()
  }

  public func invalidate() {
    clearok(cn_curscr(), true)
  }

  // MARK: Input

  public func nextEvents(until deadline: ContinuousClock.Instant?) -> [Event] {
    while true {
      let heldUntil = heldInputDeadline
      let wakeAt = [deadline, heldUntil].compactMap { $0 }.min()
      let timeout = wakeAt.map { max(.zero, $0 - .now) }
      var fds = [
        pollfd(fd: inputEnded ? -1 : tty, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      let milliseconds = timeout.map { Int32(($0 + .microseconds(999)) / .milliseconds(1)) } ?? -1
      let ready = poll(&fds, 2, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return endOfInput()
      }
      var events: [Event] = []
      var woken = false
      if fds[1].revents & Int16(POLLIN) != 0 { events += signalEvents(woken: &woken) }
      if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = read(tty, &readBuffer, readBuffer.count)
        if count > 0 {
          lastInput = .now
          events += decoder.decode(readBuffer[0..<count])
          pendingSince = decoder.hasPendingInput ? (pendingSince ?? .now) : nil
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          events += endOfInput()
        }
      } else if let heldUntil, heldUntil <= .now {
        // Only once poll has seen the terminal quiet: time spent drawing is not a pause.
        pendingSince = nil
        events += decoder.flush()
      }
      if !events.isEmpty || woken { return events }
      if let deadline, deadline <= .now { return [] }
    }
  }

  /// `.endOfInput` the first time; nothing after that.
  private func endOfInput() -> [Event] {
    defer { inputEnded = true }
    return inputEnded ? [] : [.endOfInput]
  }

  /// When the bytes the decoder holds mean what they say alone: 25 ms after they came (a
  /// lone Esc, a cut sequence), or for a paste 100 ms after the terminal last sent anything.
  private var heldInputDeadline: ContinuousClock.Instant? {
    guard decoder.hasPendingInput else { return nil }
    if decoder.isReceivingPaste { return lastInput + Self.pastePause }
    return (pendingSince ?? .now) + Self.escapeDelay
  }

  private func signalEvents(woken: inout Bool) -> [Event] {
    var events: [Event] = []
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(signalPipe.read, &bytes, bytes.count)
    for signal in bytes.prefix(max(0, count)).map(Int32.init) {
      switch signal {
      case 0:
        woken = true
      case SIGWINCH:
        events.append(.resize(resizeToTerminal()))
      case SIGTSTP:
        suspend()
        events.append(.resume)
      case SIGCONT:
        // After our own suspend() the screen is already taken back. After a stop from
        // outside (SIGSTOP), the shell may have put its own modes back: take ours again.
        if resumedFromSuspend {
          resumedFromSuspend = false
        } else {
          reset_prog_mode()
          write(Self.enableModes)
          invalidate()
          events.append(.resume)
        }
      case let ending where Self.endingSignals.contains(ending):
        events.append(.terminate(signal: ending))
      default:
        break
      }
    }
    return events
  }

  /// Tells ncurses the terminal's new size (clamped to `maximumSize`) and returns it.
  private func resizeToTerminal() -> Size {
    var window = winsize()
    if ioctl(tty, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
      resizeterm(
        Int32(min(Int(window.ws_row), Self.maximumSize.height)),
        Int32(min(Int(window.ws_col), Self.maximumSize.width)))
    }
    return size
  }

  /// Runs `open` (newterm) with the terminal's size clamped to `maximumSize`: ncurses takes
  /// LINES and COLUMNS from the environment over the size the terminal reports, so they
  /// are set for the call when the terminal is larger, then put back as they were.
  private static func clampingSize<T>(of tty: Int32, _ open: () -> T) -> T {
    var window = winsize()
    guard ioctl(tty, UInt(TIOCGWINSZ), &window) == 0,
      Int(window.ws_row) > maximumSize.height || Int(window.ws_col) > maximumSize.width
    else { return open() }
    let names: [String] = ["LINES", "COLUMNS"]
    let saved = names.map { name in getenv(name).map { String(cString: $0) } }
    setenv("LINES", "\(min(Int(window.ws_row), maximumSize.height))", 1)
    setenv("COLUMNS", "\(min(Int(window.ws_col), maximumSize.width))", 1)
    defer {
      for (name, value) in zip(names, saved) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
    return open()
  }

  /// Writes a zero byte (no signal has number 0) to the signal pipe.
  public var waker: Waker {
    let descriptor = wakeDescriptor
    return Waker { descriptor.wake() }
  }

  public func suspend() {
    write(Self.disableModes)
    endwin()
    csignals_restore_defaults([SIGTSTP], 1)
    // The whole process group stops, as it would for Ctrl-Z in a shell's foreground job.
    kill(0, SIGTSTP)
    // Resumed (by `fg`): take the terminal back; the caller draws everything again.
    resumedFromSuspend = true
    csignals_forward(signalPipe.write, [SIGTSTP], 1)
    write(Self.enableModes)
    _ = resizeToTerminal()
    invalidate()
  }

  private var resumedFromSuspend = false

  // MARK: Raw output

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = Glibc.write(tty, &bytes, bytes.count)
  }

  /// What a crash must write to leave the terminal usable: modes off, attributes and
  /// cursor normal, main screen back, then the notice.
  private func armRescue(notice: String) {
    var reset = Self.disableModes
    for capability in ["sgr0", "cnorm", "rmcup"] {
      if let value = tigetstr(capability), Int(bitPattern: value) != -1 {
        reset += String(cString: value)
      }
    }
    if !notice.isEmpty { reset += "\r\n" + notice + "\r\n" }
    var modes = savedModes
    let bytes = Array(reset.utf8)
    csignals_arm_rescue(tty, &modes, bytes.map { CChar(bitPattern: $0) }, bytes.count, nil, 0)
  }
}

/// The write end of the signal pipe as other threads see it: a write and the closing
/// never overlap, so a late waker never writes to a descriptor that has been reused.
private final class WakeDescriptor: Sendable {
  private let descriptor: Mutex<Int32>

  init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }

  func wake() {
    descriptor.withLock { fd in
      guard fd >= 0 else { return }
      var zero: UInt8 = 0
      _ = write(fd, &zero, 1)
    }
  }

  func close() {
    descriptor.withLock { fd in
      if fd >= 0 { _ = Glibc.close(fd) }
      fd = -1
    }
  }
}
