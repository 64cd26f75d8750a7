// The prepared statements a connection keeps open, for every call of the store.

import Registration

extension SQLiteAccountStore {
  /// The prepared statements of one connection. Unchecked: only ever touched inside the
  /// store's mutex, one thread at a time.
  final class Connection: @unchecked Sendable {
    let database: Database
    let find: Statement
    let findKey: Statement
    let findSkeleton: Statement
    let insert: Statement
    let countFromAddress: Statement
    let delete: Statement
    let changePassword: Statement
    let throttle: SignInThrottle

    init(_ database: Database) throws(DatabaseError) {
      self.database = database
      find = try database.prepare(
        "SELECT login, password_hash FROM accounts WHERE login_key = ?1 ORDER BY login_rank")
      findKey = try database.prepare("SELECT 1 FROM accounts WHERE login_key = ?1 LIMIT 1")
      findSkeleton = try database.prepare(
        "SELECT 1 FROM accounts WHERE login_skeleton = ?1 LIMIT 1")
      // ?6 the client's address or NULL; ?7 its limit or NULL; ?8 the window's start.
      insert = try database.prepare(
        """
        INSERT INTO accounts
          (login, login_key, login_skeleton, password_hash, created_at, client_address)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = ?3)
          AND (?7 IS NULL OR (SELECT count(*) FROM accounts
                              WHERE client_address = ?6 AND created_at > ?8) < ?7)
        """)
      countFromAddress = try database.prepare(
        "SELECT count(*) FROM accounts WHERE client_address = ?1 AND created_at > ?2")
      delete = try database.prepare("DELETE FROM accounts WHERE login_key = ?1 AND login = ?2")
      // Only over ?4, the hash the current password was checked against.
      changePassword = try database.prepare(
        """
        UPDATE accounts SET password_hash = ?1
        WHERE login_key = ?2 AND login = ?3 AND password_hash = ?4
        """)
      throttle = try SignInThrottle(database)
    }

    /// Whether `query` finds a row for `value`.
    func exists(_ query: Statement, _ value: String) throws(DatabaseError) -> Bool {
      try query.bind(value)
      defer { query.finish() }
      return try query.step()
    }
  }
}
