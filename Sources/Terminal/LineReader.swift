import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// Reads answers line by line from standard input, for the line-by-line front end.
public enum LineReader {
  /// One line from standard input without its line break; nil at the end of input.
  ///
  /// With `echo: false` and a terminal on standard input, what is typed is not shown (a
  /// password) but the Enter that ends it is. The terminal's echo comes back if a signal
  /// (Ctrl-C) ends the program meanwhile, and while Ctrl-Z has it stopped; `fg` hides what
  /// is typed again. Nil also when what is typed cannot be hidden safely.
  public static func readLine(echo: Bool) -> String? {
    guard !echo, isatty(STDIN_FILENO) == 1 else { return Swift.readLine() }
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
    return Swift.readLine()
  }
}
