import CNcurses
import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// Waiting for input, and what the screen does about the signals that come: a new size,
/// a suspension, the end.
extension CursesScreen {
  private static let endingSignals: Set<Int32> = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

  /// Waits in `poll` for the terminal's bytes, signals and the waker, until `deadline`.
  public func nextEvents(until deadline: ContinuousClock.Instant?) -> [Event] {
    while true {
      let arrival = input.wait(until: deadline)
      let events = arrival.signals.flatMap(events(for:)) + arrival.events
      if !events.isEmpty || arrival.woken { return events }
      if let deadline, deadline <= .now { return [] }
    }
  }

  /// Ends a wait from another thread: a byte on the signal pipe.
  public var waker: Waker { input.waker }

  /// What a signal means to the program, after the screen has done its part.
  private func events(for signal: Int32) -> [Event] {
    switch signal {
    case SIGWINCH:
      return [.resize(resizeToTerminal())]
    case SIGTSTP:
      suspend()
      return [.resume]
    case SIGCONT:
      // After our own suspend() the screen is already taken back. After a stop from
      // outside (SIGSTOP), the shell may have put its own modes back: take ours again.
      if resumedFromSuspend {
        resumedFromSuspend = false
        return []
      }
      reset_prog_mode()
      write(Self.enableModes)
      invalidate()
      return [.resume]
    case let ending where Self.endingSignals.contains(ending):
      return [.terminate(signal: ending)]
    default:
      return []
    }
  }

  /// Leaves curses and stops the process group, as Ctrl-Z does in a shell; returns when
  /// the program is resumed (`fg`), with the terminal taken back.
  public func suspend() {
    write(Self.disableModes)
    endwin()
    csignals_restore_defaults([SIGTSTP], 1)
    // The whole process group stops, as it would for Ctrl-Z in a shell's foreground job.
    kill(0, SIGTSTP)
    // Resumed (by `fg`): take the terminal back; the caller draws everything again.
    resumedFromSuspend = true
    input.forward([SIGTSTP])
    write(Self.enableModes)
    _ = resizeToTerminal()
    invalidate()
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
  static func clampingSize<T>(of tty: Int32, _ open: () -> T) -> T {
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
}
