import Registration

// The statements of accounts' lives on PostgreSQL: states, held names, the audit log,
// bans, the door, reset codes.

extension PostgresAccountTable {
  func setState(key: String, to state: AccountState, reason: String?, from: [AccountState])
    throws(AccountStoreError) -> StateChange
  {
    let starts = "{" + from.map(\.rawValue).joined(separator: ",") + "}"
    return try run { db, _ throws(PostgresError) -> StateChange in
      // One statement: of two admins (or hosts) deciding at once, the second finds it
      // decided. Run again after a lost connection, it finds the state it set: unchanged.
      let changed = try db.query(
        """
        UPDATE accounts SET state = $1, lock_reason = NULLIF($2, '')
        WHERE login_key = $3 AND state = ANY ($4::text[]) RETURNING 1
        """, [state.rawValue, reason ?? "", key, starts])
      if !changed.isEmpty { return .changed }
      let found = try db.query("SELECT state FROM accounts WHERE login_key = $1", [key]).first
      guard let found else { return .noAccount }
      return .unchanged(found[0].flatMap(AccountState.init) ?? .locked)
    }
  }

  func record(key: String) throws(AccountStoreError) -> AccountRecord? {
    try run { db, _ throws(PostgresError) in
      try db.query(
        "SELECT \(Self.recordColumns) FROM accounts WHERE login_key = $1", [key]
      ).compactMap(Self.record).first
    }
  }

  func records(state: AccountState?, since: String?, afterID: Int, limit: Int)
    throws(AccountStoreError) -> [AccountRecord]
  {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT \(Self.recordColumns) FROM accounts
        WHERE id > $1::bigint AND (NULLIF($2, '') IS NULL OR state = $2)
          AND (NULLIF($3, '') IS NULL OR created_at > NULLIF($3, '')::timestamptz)
        ORDER BY id LIMIT $4::integer
        """, [String(afterID), state?.rawValue ?? "", since ?? "", String(limit)]
      ).compactMap(Self.record)
    }
  }

  func delete(key: String, holdUntil until: String) throws(AccountStoreError) -> Bool {
    try run { db, _ throws(PostgresError) in
      try Self.transaction(db, if: true) { () throws(PostgresError) -> Bool in
        _ = try db.query(
          """
          INSERT INTO held_names (login_key, login_skeleton, held_until)
          SELECT login_key, login_skeleton, $2::timestamptz FROM accounts WHERE login_key = $1
          """, [key, until])
        _ = try db.query("DELETE FROM reset_codes WHERE login_key = $1", [key])
        return try !db.query(
          "DELETE FROM accounts WHERE login_key = $1 RETURNING id", [key]
        ).isEmpty
      }
    }
  }

  func append(_ entry: AuditEntry) throws(AccountStoreError) {
    try run { db, _ throws(PostgresError) in try Self.insertAudit(entry, db) }
  }

  func auditEntries(since: String?, login: String?, afterID: Int, limit: Int)
    throws(AccountStoreError) -> [AuditEntry]
  {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT id, \(Self.utc("at")), action, login, client_address, by_user, detail
        FROM audit_log
        WHERE id > $1::bigint AND (NULLIF($2, '') IS NULL OR at >= NULLIF($2, '')::timestamptz)
          AND (NULLIF($4, '') IS NULL OR login = $4)
        ORDER BY id LIMIT $3::integer
        """, [String(afterID), since ?? "", String(limit), login ?? ""]
      ).compactMap { row in
        guard let id = row[0].flatMap({ Int($0) }), let at = row[1],
          let action = row[2].flatMap(AuditEntry.Action.init)
        else { return nil }
        return AuditEntry(
          id: id, at: at, action: action, login: row[3], clientAddress: row[4], by: row[5],
          detail: row[6])
      }
    }
  }

  func addBan(_ ban: Ban) throws(AccountStoreError) -> Bool {
    try run { db, _ throws(PostgresError) in
      try !db.query(
        """
        INSERT INTO bans (kind, pattern, created_at, by_user)
        VALUES ($1, $2, $3::timestamptz, NULLIF($4, '')) ON CONFLICT DO NOTHING RETURNING 1
        """, [ban.kind.rawValue, ban.pattern, ban.createdAt, ban.by ?? ""]
      ).isEmpty
    }
  }

  func removeBan(kind: Ban.Kind, pattern: String) throws(AccountStoreError) -> Bool {
    try run { db, _ throws(PostgresError) in
      try !db.query(
        "DELETE FROM bans WHERE kind = $1 AND pattern = $2 RETURNING 1", [kind.rawValue, pattern]
      ).isEmpty
    }
  }

  func bans() throws(AccountStoreError) -> [Ban] {
    try run { db, _ throws(PostgresError) in
      try db.query(
        "SELECT kind, pattern, \(Self.utc("created_at")), by_user FROM bans ORDER BY created_at"
      ).compactMap { row in
        guard let kind = row[0].flatMap(Ban.Kind.init), let pattern = row[1] else { return nil }
        return Ban(kind: kind, pattern: pattern, createdAt: row[2] ?? "", by: row[3])
      }
    }
  }

  func door() throws(AccountStoreError) -> DoorState {
    try run { db, _ throws(PostgresError) in
      guard let row = try db.query("SELECT closed, message FROM door").first else { return .open }
      return DoorState(closed: row[0] == "t", message: row[1])
    }
  }

  func setDoor(_ door: DoorState) throws(AccountStoreError) {
    try run { db, _ throws(PostgresError) in
      _ = try db.query(
        """
        INSERT INTO door (closed, message) VALUES ($1::boolean, NULLIF($2, ''))
        ON CONFLICT (one_row) DO UPDATE SET closed = EXCLUDED.closed, message = EXCLUDED.message
        """, [door.closed ? "true" : "false", door.message ?? ""])
    }
  }

  func storeResetCode(key: String, login: String, hash: String, expiresAt: Int)
    throws(AccountStoreError)
  {
    try run { db, _ throws(PostgresError) in
      _ = try db.query(
        """
        INSERT INTO reset_codes (login_key, login, code_hash, expires_at)
        VALUES ($1, $2, $3, $4::bigint)
        ON CONFLICT (login_key) DO UPDATE SET login = EXCLUDED.login,
          code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at
        """, [key, login, hash, String(expiresAt)])
    }
  }

  func resetCode(key: String) throws(AccountStoreError)
    -> (login: String, hash: String, expiresAt: Int)?
  {
    try run { db, _ throws(PostgresError) in
      guard
        let row = try db.query(
          "SELECT login, code_hash, expires_at FROM reset_codes WHERE login_key = $1", [key]
        ).first, let login = row[0], let hash = row[1], let ends = row[2].flatMap({ Int($0) })
      else { return nil }
      return (login, hash, ends)
    }
  }

  func redeemResetCode(key: String, hash: String, password: String) throws(AccountStoreError)
    -> Bool
  {
    try run { db, _ throws(PostgresError) in
      try Self.transaction(db, if: true) { () throws(PostgresError) -> Bool in
        // Used once: of two redeems racing (on any host), the second deletes nothing.
        guard
          try !db.query(
            "DELETE FROM reset_codes WHERE login_key = $1 AND code_hash = $2 RETURNING 1",
            [key, hash]
          ).isEmpty
        else { return false }
        return try !db.query(
          "UPDATE accounts SET password_hash = $1 WHERE login_key = $2 RETURNING 1",
          [password, key]
        ).isEmpty
      }
    }
  }

  /// A timestamp column as the store writes times: `2026-11-29T18:48:43Z`.
  private static func utc(_ column: String) -> String {
    "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
  }

  private static var recordColumns: String {
    "id, login, state, \(utc("created_at")), client_address, lock_reason"
  }

  private static func record(_ row: [String?]) -> AccountRecord? {
    guard let id = row[0].flatMap({ Int($0) }), let login = row[1], let created = row[3] else {
      return nil
    }
    return AccountRecord(
      id: id, login: login, state: row[2].flatMap(AccountState.init) ?? .locked,
      createdAt: created, clientAddress: row[4], reason: row[5])
  }
}
