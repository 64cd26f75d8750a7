/// The sign-in throttle's rule, one for both engines (the `claim` of `SQLiteAccountTable`
/// and of `PostgresAccountTable`), in the spirit of pam_faillock: a few free tries, then each
/// failure locks the login for twice as long as the one before, up to 15 minutes. A login
/// that does not exist is counted the same way, so locks (like timing) do not tell which
/// logins exist.
///
/// An attempt is counted before its password is checked, and uncounted if it was right:
/// attempts started together (many processes at once) cannot all slip past one lock.
enum ThrottlePolicy {
  static let freeAttempts = 3
  static let longestLock = 15 * 60
  /// A login whose last lock ended this long ago starts again with free tries, and its
  /// record is deleted: the store holds only a day of failures.
  static let forgetAfter = 24 * 60 * 60
  /// The most records the store keeps (about 100 bytes each, whatever the login: keys are
  /// digests): past it, a new record drops the ones that end soonest. A day of failures
  /// from an attacker rotating logins so stays a few megabytes; its price is that such an
  /// attacker can, with this many new logins, wipe an older lock.
  static let mostRecords = 100_000

  /// Seconds a login is locked after its `failures`-th failure in a row.
  static func lock(afterFailures failures: Int) -> Int {
    failures < freeAttempts ? 0 : min(longestLock, 1 << min(failures - freeAttempts, 20))
  }

  /// `lock(afterFailures:)` for 1, 2, … failures, up to the first longest lock: later
  /// failures lock as long as the last. For SQL, which looks the lock up in it rather
  /// than working it out a second time.
  static let locks: [Int] = {
    var locks = [lock(afterFailures: 1)]
    while locks.last! < longestLock { locks.append(lock(afterFailures: locks.count + 1)) }
    return locks
  }()

  /// What a login's record says: failures in a row, and until when it is locked
  /// (seconds since 1970).
  struct Record: Hashable {
    var failures: Int
    var lockedUntil: Int
  }

  /// What an attempt may do.
  enum Claim: Hashable {
    /// Locked for this many more seconds: nothing is counted, the password not checked.
    case locked(Int)
    /// Counted (as a failure until the password proves right): the record to keep.
    case counted(Record)
  }

  /// The attempt at `now` on a login with `record` (nil: none, or forgotten).
  static func claim(_ record: Record?, now: Int) -> Claim {
    var failures = 0
    if let record {
      if record.lockedUntil > now { return .locked(record.lockedUntil - now) }
      if !isForgotten(record, now: now) { failures = record.failures }
    }
    failures += 1
    return .counted(Record(failures: failures, lockedUntil: now + lock(afterFailures: failures)))
  }

  /// Whether `record` is old enough to be forgotten at `now`.
  static func isForgotten(_ record: Record, now: Int) -> Bool {
    record.lockedUntil < forgottenBefore(now)
  }

  /// Records locked until before this moment are forgotten.
  static func forgottenBefore(_ now: Int) -> Int { now - forgetAfter }
}
