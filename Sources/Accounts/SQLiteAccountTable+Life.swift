import Registration

// The statements of accounts' lives on SQLite: states, held names, the audit log, bans,
// the door, reset codes.

extension SQLiteAccountTable {
  func setState(key: String, to state: AccountState, reason: String?, from: [AccountState])
    throws(AccountStoreError) -> StateChange
  {
    try withConnection { db throws(DatabaseError) -> StateChange in
      // One statement: of two admins deciding at once, the second finds it decided.
      let changed = try db.run(
        """
        UPDATE accounts SET state = ?1, lock_reason = ?2
        WHERE login_key = ?3 AND state IN (SELECT value FROM json_each(?4))
        """, state.rawValue, reason ?? SQLNull(), key, Self.jsonList(from.map(\.rawValue)))
      if changed > 0 { return .changed }
      let found = try db.rows("SELECT state FROM accounts WHERE login_key = ?1 LIMIT 1", key) {
        AccountState(rawValue: $0.text(0)) ?? .locked
      }.first
      return found.map(StateChange.unchanged) ?? .noAccount
    } ?? .noAccount
  }

  func record(key: String) throws(AccountStoreError) -> AccountRecord? {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        "SELECT \(Self.recordColumns) FROM accounts WHERE login_key = ?1 ORDER BY id LIMIT 1", key,
        row: Self.record
      ).first
    } ?? nil
  }

  func records(state: AccountState?, since: String?, afterID: Int, limit: Int)
    throws(AccountStoreError) -> [AccountRecord]
  {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT \(Self.recordColumns) FROM accounts
        WHERE id > ?1 AND (?2 IS NULL OR state = ?2) AND (?3 IS NULL OR created_at > ?3)
        ORDER BY id LIMIT ?4
        """, afterID, state?.rawValue ?? SQLNull(), since ?? SQLNull(), limit, row: Self.record)
    } ?? []
  }

  func delete(key: String, holdUntil until: String) throws(AccountStoreError) -> Bool {
    try withConnection { db throws(DatabaseError) -> Bool in
      try Self.transaction(db) { () throws(DatabaseError) -> Bool in
        let found = try db.rows(
          "SELECT login_skeleton FROM accounts WHERE login_key = ?1", key
        ) { $0.text(0) }
        guard !found.isEmpty else { return false }
        for skeleton in found {
          _ = try db.run(
            "INSERT INTO held_names (login_key, login_skeleton, held_until) VALUES (?1, ?2, ?3)",
            key, skeleton, until)
        }
        _ = try db.run("DELETE FROM reset_codes WHERE login_key = ?1", key)
        return try db.run("DELETE FROM accounts WHERE login_key = ?1", key) > 0
      }
    } ?? false
  }

  func append(_ entry: AuditEntry) throws(AccountStoreError) {
    // Not made for a row: with no file there is no account, and a sign-in that fails
    // there leaves nothing behind.
    _ = try withConnection { db throws(DatabaseError) in
      try db.run(
        """
        INSERT INTO audit_log (at, action, login, client_address, by_user, detail)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """, entry.at, entry.action.rawValue, entry.login ?? SQLNull(),
        entry.clientAddress ?? SQLNull(), entry.by ?? SQLNull(), entry.detail ?? SQLNull())
    }
  }

  func auditEntries(since: String?, login: String?, afterID: Int, limit: Int)
    throws(AccountStoreError) -> [AuditEntry]
  {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT id, at, action, login, client_address, by_user, detail FROM audit_log
        WHERE id > ?1 AND (?2 IS NULL OR at >= ?2) AND (?4 IS NULL OR login = ?4)
        ORDER BY id LIMIT ?3
        """, afterID, since ?? SQLNull(), limit, login ?? SQLNull()
      ) { row in
        AuditEntry(
          id: row.integer(0), at: row.text(1),
          action: AuditEntry.Action(rawValue: row.text(2)) ?? .signInFailed,
          login: row.optionalText(3), clientAddress: row.optionalText(4),
          by: row.optionalText(5), detail: row.optionalText(6))
      }
    } ?? []
  }

  func addBan(_ ban: Ban) throws(AccountStoreError) -> Bool {
    try withConnection(creating: true) { db throws(DatabaseError) in
      try db.run(
        """
        INSERT INTO bans (kind, pattern, created_at, by_user) VALUES (?1, ?2, ?3, ?4)
        ON CONFLICT DO NOTHING
        """, ban.kind.rawValue, ban.pattern, ban.createdAt, ban.by ?? SQLNull()) > 0
    } == true
  }

  func removeBan(kind: Ban.Kind, pattern: String) throws(AccountStoreError) -> Bool {
    try withConnection { db throws(DatabaseError) in
      try db.run("DELETE FROM bans WHERE kind = ?1 AND pattern = ?2", kind.rawValue, pattern) > 0
    } == true
  }

  func bans() throws(AccountStoreError) -> [Ban] {
    try withConnection { db throws(DatabaseError) in
      try db.rows("SELECT kind, pattern, created_at, by_user FROM bans ORDER BY created_at") {
        row in
        Ban(
          kind: Ban.Kind(rawValue: row.text(0)) ?? .login, pattern: row.text(1),
          createdAt: row.text(2), by: row.optionalText(3))
      }
    } ?? []
  }

  func door() throws(AccountStoreError) -> DoorState {
    let found = try withConnection { db throws(DatabaseError) in
      try db.rows("SELECT closed, message FROM door") {
        DoorState(closed: $0.integer(0) != 0, message: $0.optionalText(1))
      }.first
    }
    return (found ?? nil) ?? .open
  }

  func setDoor(_ door: DoorState) throws(AccountStoreError) {
    _ = try withConnection(creating: true) { db throws(DatabaseError) in
      try db.run(
        "INSERT OR REPLACE INTO door (one_row, closed, message) VALUES (1, ?1, ?2)",
        door.closed ? 1 : 0, door.message ?? SQLNull())
    }
  }

  func storeResetCode(key: String, login: String, hash: String, expiresAt: Int)
    throws(AccountStoreError)
  {
    _ = try withConnection { db throws(DatabaseError) in
      try db.run(
        """
        INSERT OR REPLACE INTO reset_codes (login_key, login, code_hash, expires_at)
        VALUES (?1, ?2, ?3, ?4)
        """, key, login, hash, expiresAt)
    }
  }

  func resetCode(key: String) throws(AccountStoreError)
    -> (login: String, hash: String, expiresAt: Int)?
  {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        "SELECT login, code_hash, expires_at FROM reset_codes WHERE login_key = ?1", key
      ) { (login: $0.text(0), hash: $0.text(1), expiresAt: $0.integer(2)) }.first
    } ?? nil
  }

  func redeemResetCode(key: String, hash: String, password: String) throws(AccountStoreError)
    -> Bool
  {
    try withConnection { db throws(DatabaseError) -> Bool in
      try Self.transaction(db) { () throws(DatabaseError) -> Bool in
        // Used once: the second of two racing redeems deletes nothing.
        guard
          try db.run(
            "DELETE FROM reset_codes WHERE login_key = ?1 AND code_hash = ?2", key, hash) > 0
        else { return false }
        return try db.run(
          "UPDATE accounts SET password_hash = ?1 WHERE login_key = ?2", password, key) > 0
      }
    } == true
  }

  private static let recordColumns = "id, login, state, created_at, client_address, lock_reason"

  private static func record(_ row: Statement) -> AccountRecord {
    AccountRecord(
      id: row.integer(0), login: row.text(1), state: AccountState(rawValue: row.text(2)) ?? .locked,
      createdAt: row.text(3), clientAddress: row.optionalText(4), reason: row.optionalText(5))
  }

  /// `["a","b"]`: a list for `json_each`, the values being plain words.
  private static func jsonList(_ words: [String]) -> String {
    "[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  /// `body` in one IMMEDIATE transaction, rolled back when it throws.
  private static func transaction<T>(
    _ db: SQLiteConnection, _ body: () throws(DatabaseError) -> T
  ) throws(DatabaseError) -> T {
    try db.database.execute("BEGIN IMMEDIATE")
    do throws(DatabaseError) {
      let result = try body()
      try db.database.execute("COMMIT")
      return result
    } catch {
      try? db.database.execute("ROLLBACK")
      throw error
    }
  }
}
