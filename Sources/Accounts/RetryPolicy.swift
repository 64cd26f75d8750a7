#if canImport(Glibc)
  import Glibc
#endif

/// When and how often the PostgreSQL store tries again. After a serialization failure
/// (40001), a bounded number of times. While the server is away (down, unreachable, not
/// answering, or no longer the one that takes writes: a failover), for up to
/// `failoverWait`, connecting again before each try: Patroni promotes a replica in about
/// its `ttl`, and a sign-up in flight rides that out instead of failing. Waits grow
/// (doubling, with jitter so that hosts that failed together do not all come back
/// together) up to `longestDelayMicroseconds`. Everything else (a unique violation above
/// all) is final at once.
struct RetryPolicy: Sendable {
  /// Tries in all after serialization failures, the first included.
  var attempts = 4
  /// The wait before the second try; it doubles.
  var firstDelayMicroseconds: UInt32 = 20_000
  /// The longest wait between two tries.
  var longestDelayMicroseconds: UInt32 = 1_000_000
  /// How long a server that is away is waited for (the site's `failover-wait`).
  var failoverWait: Duration = .seconds(30)
  /// How long one statement's answer is waited for before the server counts as away
  /// (PostgresConnection.answerTimeout).
  var answerTimeout: Duration = .seconds(10)

  /// Runs `body` (given the number of tries before this one) until it succeeds, fails for
  /// good, or the tries or the time run out; then the last error is thrown.
  func run<T>(_ body: (_ attempt: Int) throws(PostgresError) -> T) throws(PostgresError) -> T {
    let deadline = ContinuousClock.now + failoverWait
    var attempt = 0
    while true {
      do {
        return try body(attempt)
      } catch {
        attempt += 1
        let delay = min(firstDelayMicroseconds << min(attempt - 1, 20), longestDelayMicroseconds)
        if error.isUniqueViolation { throw error }
        if error.isSerializationFailure {
          guard attempt < attempts else { throw error }
        } else if error.meansServerAway {
          guard ContinuousClock.now + .microseconds(delay) < deadline else { throw error }
        } else {
          throw error
        }
        usleep(delay / 2 + UInt32.random(in: 0...delay))
      }
    }
  }
}
