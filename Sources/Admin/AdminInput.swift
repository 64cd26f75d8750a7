import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// Where `register admin review` reads the admin: a terminal's screen for the list, or lines
/// (off a terminal, or with `--plain`). Tests give lines or an in-memory screen.
public struct AdminInput {
  /// The next line typed, without its newline; nil at the end of input.
  public let readLine: () -> String?
  /// A screen to review on, or nil when there is no terminal (lines are read then).
  public let screen: () throws(TerminalError) -> (any Screen)?
  /// Called once the screen is no longer needed (the terminal given back).
  public let close: (any Screen) -> Void

  public init(
    readLine: @escaping () -> String?,
    screen: @escaping () throws(TerminalError) -> (any Screen)? = { nil },
    close: @escaping (any Screen) -> Void = { _ in }
  ) {
    self.readLine = readLine
    self.screen = screen
    self.close = close
  }

  /// stdin, and the terminal when stdin and stdout are one.
  public static var standard: AdminInput {
    AdminInput(
      readLine: { Swift.readLine(strippingNewline: true) },
      screen: { () throws(TerminalError) -> (any Screen)? in
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        return try CursesScreen(colors: true)
      },
      close: { ($0 as? CursesScreen)?.close() })
  }
}
