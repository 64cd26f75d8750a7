import CSignals

/// The signals that end the program (SIGINT, SIGTERM, SIGHUP, SIGQUIT), held back while
/// an account is written and reported: killed in between, the program would leave an
/// account made and never said.
public enum EndingSignals {
  /// From now on the first of them waits (see `held`); with `secondEndsAtOnce`, a second
  /// one ends the program at once, as it would have. False if they could not be held:
  /// they then act as before.
  @discardableResult
  public static func hold(secondEndsAtOnce: Bool = true) -> Bool {
    csignals_hold_endings(secondEndsAtOnce ? 1 : 0) == 0
  }

  /// The first signal that came while they were held.
  public static var held: Int32? {
    let signal = csignals_held_signal()
    return signal == 0 ? nil : signal
  }

  /// Lets them act again; returns the one that waited, which the caller must now act on.
  public static func release() -> Int32? {
    let signal = csignals_release_endings()
    return signal == 0 ? nil : signal
  }
}
