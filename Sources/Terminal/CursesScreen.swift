import CNcurses
import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// The real terminal, through ncurses: drawing, the cursor, and input from `/dev/tty`.
///
/// ncurses does the output: it keeps what the terminal shows and sends only the cells that
/// changed. Input is read from the terminal by the screen itself and decoded by
/// ``InputDecoder``, which knows bracketed paste, SGR mouse reports and modified keys.
/// Opening it switches to the alternate screen, raw mode, mouse and bracketed paste;
/// ``close()`` (and the crash rescue) puts every one of them back.
public final class CursesScreen: Screen {
  /// Colours if the terminal has them and they were allowed; Unicode if the locale is UTF-8.
  public let capabilities: ScreenCapabilities
  /// Where the terminal's cursor shows after the next flush; `nil` hides it.
  public var cursor: Point?

  let tty: Int32
  let output: CursesOutput
  let input: TerminalInput
  private let savedModes: termios
  var shownCursor: Point?
  private var isOpen = true
  /// Our own suspension is over; the SIGCONT that follows it needs nothing more.
  var resumedFromSuspend = false

  /// Bracketed paste on; mouse clicks reported, in SGR encoding.
  static let enableModes = "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"
  static let disableModes = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"
  /// The largest screen drawn. ncurses keeps about 84 bytes a cell, so the size a terminal
  /// (or an SSH client) reports, up to 65535x65535, is clamped: a larger terminal shows the
  /// form in its top-left 512x256 cells (19 MB at most, against gigabytes).
  public static let maximumSize = Size(width: 512, height: 256)

  /// Opens the controlling terminal. While the program is still in the locale every C
  /// program starts in ("C"), the environment's is taken first (`setlocale(LC_ALL, "")`):
  /// without it ncurses draws no character beyond ASCII.
  /// - Parameters:
  ///   - colors: whether colours may be used (they are only if the terminal has them).
  ///   - crashNotice: a line shown on the restored terminal if the program crashes.
  /// - Throws: ``TerminalError`` when there is no terminal, or `TERM` names none known.
  public init(colors: Bool, crashNotice: String = "") throws(TerminalError) {
    if let current = setlocale(LC_CTYPE, nil), String(cString: current) == "C" {
      setlocale(LC_ALL, "")
    }
    let name = getenv("TERM").map { String(cString: $0) }
    guard let name, !name.isEmpty else { throw .unknownTerminal(nil) }

    tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty >= 0 else { throw .noTerminal(reason: String(cString: strerror(errno))) }
    var modes = termios()
    tcgetattr(tty, &modes)
    savedModes = modes

    // Signals are forwarded before newterm, so ncurses leaves them to us. Without them
    // Ctrl-C and SIGTERM could not restore the terminal: no form then.
    do {
      input = try TerminalInput(tty: tty)
    } catch {
      Glibc.close(tty)
      throw error
    }

    let terminal = tty
    guard let output = Self.clampingSize(of: terminal, { CursesOutput(descriptor: terminal) })
    else {
      input.close()
      Glibc.close(tty)
      throw .unknownTerminal(name)
    }
    self.output = output

    let useColors = colors && has_colors()
    if useColors {
      start_color()
      use_default_colors()
      for color in Color.allCases {
        init_pair(Int16(color.rawValue + 1), Int16(color.rawValue), -1)
      }
    }
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    output.colors = useColors
    capabilities = ScreenCapabilities(colors: useColors, unicode: codeset == "UTF-8")

    write(Self.enableModes)
    armRescue(notice: crashNotice)
  }

  deinit { close() }

  /// Restores the terminal as it was before opening: modes, cursor, main screen. Called
  /// again, it does nothing.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    csignals_disarm_rescue()
    write(Self.disableModes)
    // Without an alternate screen (vt100, the Linux console) the form would stay, and the
    // result printed next would be written over its last row: the screen is cleared and
    // the cursor put home, as the alternate screen would have left no form behind.
    let hasAlternateScreen = Self.capability("smcup") != nil
    if !hasAlternateScreen {
      werase(output.window)
      wrefresh(output.window)
    }
    endwin()
    if !hasAlternateScreen, let home = Self.capability("home") { write(home) }
    output.close()
    var modes = savedModes
    tcsetattr(tty, TCSADRAIN, &modes)
    input.close()
    Glibc.close(tty)
  }

  /// Writes `text` to the terminal straight, past ncurses (mode switches).
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = Glibc.write(tty, &bytes, bytes.count)
  }

  /// A string capability of the terminal, nil when it has none (or an empty one), without
  /// its padding (`$<2>` in vt100's sgr0): written straight, not through tputs.
  static func capability(_ name: String) -> String? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    var rest = Substring(String(cString: value))
    var text = ""
    while let start = rest.firstIndex(of: "$"), rest[rest.index(after: start)...].first == "<",
      let end = rest[start...].firstIndex(of: ">")
    {
      text += rest[..<start]
      rest = rest[rest.index(after: end)...]
    }
    text += rest
    return text.isEmpty ? nil : text
  }

  /// What a crash must write to leave the terminal usable: modes off, attributes and
  /// cursor normal, main screen back, then the notice.
  private func armRescue(notice: String) {
    var reset = Self.disableModes
    for name in ["sgr0", "cnorm", "rmcup"] {
      if let value = Self.capability(name) { reset += value }
    }
    if !notice.isEmpty { reset += "\r\n" + notice + "\r\n" }
    var modes = savedModes
    let bytes = Array(reset.utf8)
    csignals_arm_rescue(tty, &modes, bytes.map { CChar(bitPattern: $0) }, bytes.count, nil, 0)
  }
}
