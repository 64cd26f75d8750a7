import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// Reads answers line by line from standard input, for the line-by-line front end.
public enum LineReader {
  /// One line from standard input without its line break; nil at the end of input.
  ///
  /// With `echo: false` and a terminal on standard input, what is typed is not shown (a
  /// password) but the Enter that ends it is; the terminal's echo comes back even if a
  /// signal (Ctrl-C) ends the program meanwhile.
  public static func readLine(echo: Bool) -> String? {
    guard !echo, isatty(STDIN_FILENO) == 1 else { return Swift.readLine() }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    quiet.c_lflag |= tcflag_t(ECHONL)
    let endings: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    csignals_arm_rescue(STDIN_FILENO, &saved, nil, 0, endings, Int32(endings.count))
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      csignals_disarm_rescue()
    }
    return Swift.readLine()
  }
}
