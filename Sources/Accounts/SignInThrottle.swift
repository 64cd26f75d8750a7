/// Failed sign-ins per login key, kept in the SQLite database so that a lock holds across
/// processes, by the rule of `ThrottlePolicy`. Not thread-safe: the store calls it inside
/// its lock.
final class SignInThrottle {
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
      var record: ThrottlePolicy.Record?
      try read.bind(key)
      if try read.step() {
        record = ThrottlePolicy.Record(failures: read.integer(0), lockedUntil: read.integer(1))
        read.finish()
      }
      switch ThrottlePolicy.claim(record, now: now) {
      case .locked(let seconds):
        try database.execute("ROLLBACK")
        return seconds
      case .counted(let record):
        try write.bind(key, record.failures, record.lockedUntil)
        _ = try write.step()
        try prune.bind(ThrottlePolicy.forgottenBefore(now))
        _ = try prune.step()
        try database.execute("COMMIT")
        return nil
      }
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
