/// Why a terminal screen could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// There is no controlling terminal to draw on (`/dev/tty` cannot be opened).
  case noTerminal(reason: String)
  /// `TERM` is unset or names a terminal the terminfo database does not know.
  case unknownTerminal(String?)

  /// One line for a person: what is wrong and where.
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
