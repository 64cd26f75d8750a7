import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// Reads answers line by line from standard input, for the line-by-line front end.
public enum LineReader {
  /// The most of one line that is kept: 64 KiB, far more than any answer (a login of 64
  /// characters, a password of 512 bytes), so a longer one is still refused for its length.
  /// The rest of the line is read and dropped: a line that never ends takes no memory.
  public static let maximumLineBytes = 1 << 16

  /// Standard input through stdio of its own: only this reader reads it.
  nonisolated(unsafe) private static let input = fdopen(STDIN_FILENO, "r")

  /// One line from standard input without its line break; nil at the end of input.
  ///
  /// With `echo: false` and a terminal on standard input, what is typed is not shown (a
  /// password) but the Enter that ends it is. The terminal's echo comes back if a signal
  /// (Ctrl-C) ends the program meanwhile, and while Ctrl-Z has it stopped; `fg` hides what
  /// is typed again. Nil also when what is typed cannot be hidden safely. A line that
  /// cannot be taken (invalid UTF-8, too many marks in a row) is an empty answer, never a
  /// changed one: ``readAnswer(echo:)`` says why.
  public static func readLine(echo: Bool) -> String? {
    readAnswer(echo: echo)?.textOrEmpty
  }

  /// One line as ``readLine(echo:)`` reads it, or why it cannot be taken: bytes that are
  /// not UTF-8 (the terminal is set to another encoding) or too many combining marks in a
  /// row. Nil at the end of input. (`readLine` gives an empty answer for a refused line.)
  public static func readAnswer(echo: Bool) -> InputLine? {
    guard !echo, isatty(STDIN_FILENO) == 1 else { return boundedLine() }
    return withEchoOff { boundedLine() } ?? nil
  }

  /// Runs `body` with the terminal on standard input not echoing what is typed (but the
  /// Enter); nil if the echo could not be turned off safely (nothing is read then).
  static func withEchoOff<T>(_ body: () -> T) -> T? {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    quiet.c_lflag |= tcflag_t(ECHONL)
    // Without the guard a signal could leave echo off: then the password is not read.
    guard csignals_guard_password(STDIN_FILENO, &saved, &quiet) == 0 else { return nil }
    defer {
      // TCSANOW, not TCSAFLUSH: lines typed or pasted ahead are answers too.
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      csignals_unguard_password()
    }
    // Never read a password with echo on.
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return nil }
    return body()
  }

  /// One line without its line break (`\n` or `\r\n`), at most `maximumLineBytes` of it;
  /// nil at the end of input.
  private static func boundedLine() -> InputLine? {
    guard let input else { return nil }
    var bytes: [UInt8] = []
    var readAny = false
    while true {
      let next = getc_unlocked(input)
      if next == EOF { break }
      readAny = true
      if next == 0x0A { break }
      if bytes.count < maximumLineBytes { bytes.append(UInt8(truncatingIfNeeded: next)) }
    }
    guard readAny else { return nil }
    if bytes.last == 0x0D { bytes.removeLast() }
    return InputLine(bytes: bytes)
  }
}
