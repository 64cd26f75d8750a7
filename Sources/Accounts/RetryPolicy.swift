#if canImport(Glibc)
  import Glibc
#endif

/// When and how often the PostgreSQL store tries again: after a serialization failure
/// (40001) and after a lost connection, a bounded number of times, waiting longer each
/// time. Everything else (a unique violation above all) is final at once.
struct RetryPolicy: Sendable {
  /// Tries in all, the first included.
  var attempts = 4
  /// The wait before the second try; it doubles, with jitter so that hosts that failed
  /// together do not all come back together.
  var firstDelayMicroseconds: UInt32 = 20_000

  func shouldRetry(_ error: PostgresError) -> Bool {
    if error.isUniqueViolation { return false }
    return error.isSerializationFailure || error.kind == .connectionLost
  }

  /// Runs `body` (given the number of tries before this one) until it succeeds, fails for
  /// good, or the tries run out; then the last error is thrown.
  func run<T>(_ body: (_ attempt: Int) throws(PostgresError) -> T) throws(PostgresError) -> T {
    var attempt = 0
    while true {
      do {
        return try body(attempt)
      } catch {
        attempt += 1
        guard attempt < attempts, shouldRetry(error) else { throw error }
        let delay = firstDelayMicroseconds << (attempt - 1)
        usleep(delay / 2 + UInt32.random(in: 0...delay))
      }
    }
  }
}
