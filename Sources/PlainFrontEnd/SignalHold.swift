import Terminal

/// How the line-by-line front end keeps the signals that end the program (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT) from cutting the store's answer short: held from the moment an account
/// is created (or a password checked); released if that fails, since the dialogue goes on;
/// kept until the program exits if it succeeds, so that the account is reported first.
public struct SignalHold: Sendable {
  /// Starts holding.
  public let hold: @Sendable () -> Void
  /// Stops holding; the signal that came meanwhile.
  public let release: @Sendable () -> Int32?

  public init(hold: @escaping @Sendable () -> Void, release: @escaping @Sendable () -> Int32?) {
    self.hold = hold
    self.release = release
  }

  /// The process's own signals (a second one ends the program at once).
  public static let process = SignalHold(
    hold: { EndingSignals.hold() }, release: { EndingSignals.release() })
  /// Nothing held: for a dialogue that no signal reaches.
  public static let none = SignalHold(hold: {}, release: { nil })
}
