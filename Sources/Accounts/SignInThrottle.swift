/// Failed sign-ins per login key, kept in the database so that a lock holds across
/// processes, in the spirit of pam_faillock: a few free tries, then each failure locks the
/// login for twice as long as the one before, up to 15 minutes. A login that does not
/// exist is counted the same way, so locks (like timing) do not tell which logins exist.
///
/// An attempt is counted before its password is checked, and uncounted if it was right:
/// attempts started together (many processes at once) cannot all slip past one lock.
/// Not thread-safe: the store calls it inside its lock.
final class SignInThrottle {
  static let freeAttempts = 3
  static let longestLock = 15 * 60
  /// A login whose last lock ended this long ago starts again with free tries, and its
  /// record is deleted: the table holds only a day of failures.
  static let forgetAfter = 24 * 60 * 60

  /// Seconds a login is locked after its `failures`-th failure in a row.
  static func lock(afterFailures failures: Int) -> Int {
    failures < freeAttempts ? 0 : min(longestLock, 1 << min(failures - freeAttempts, 20))
  }

  private let database: Database
  private let read: Statement
  private let write: Statement
  private let clear: Statement
  private let prune: Statement

  init(_ database: Database) throws(DatabaseError) {
    self.database = database
    read = try database.prepare(
      "SELECT failures, locked_until FROM sign_in_failures WHERE login_key = ?1")
    write = try database.prepare(
      "INSERT OR REPLACE INTO sign_in_failures (login_key, failures, locked_until) VALUES (?1, ?2, ?3)"
    )
    clear = try database.prepare("DELETE FROM sign_in_failures WHERE login_key = ?1")
    prune = try database.prepare("DELETE FROM sign_in_failures WHERE locked_until < ?1")
  }

  /// Counts an attempt for `key` at `now` (seconds since 1970), as if it failed. Nil if it
  /// may go on; otherwise the seconds until it may, and nothing is counted.
  func claim(_ key: String, now: Int) throws(DatabaseError) -> Int? {
    // IMMEDIATE: the read and the write are one step for every process.
    try database.execute("BEGIN IMMEDIATE")
    do throws(DatabaseError) {
      var failures = 0
      try read.bind(key)
      if try read.step() {
        let (count, lockedUntil) = (read.integer(0), read.integer(1))
        read.finish()
        if lockedUntil > now {
          try database.execute("ROLLBACK")
          return lockedUntil - now
        }
        if lockedUntil >= now - Self.forgetAfter { failures = count }
      }
      failures += 1
      try write.bind(key, failures, now + Self.lock(afterFailures: failures))
      _ = try write.step()
      try prune.bind(now - Self.forgetAfter)
      _ = try prune.step()
      try database.execute("COMMIT")
      return nil
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// The password was right: the login's failures are forgotten.
  func succeeded(_ key: String) throws(DatabaseError) {
    try clear.bind(key)
    _ = try clear.step()
  }
}
