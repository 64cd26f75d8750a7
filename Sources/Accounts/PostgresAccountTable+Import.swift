import Registration

// `register admin import` on PostgreSQL: every account of the file in one transaction.

extension PostgresAccountTable {
  func insertAll(_ accounts: [ImportedAccount]) throws(AccountStoreError) -> [Int] {
    try run { db, attempt throws(PostgresError) -> [Int] in
      // A try after a lost connection: the first may have committed before its answer was
      // lost. Every account there with the hash it brought (no sign-up makes that hash) is
      // that commit: done.
      if attempt > 0, !accounts.isEmpty, try Self.allThere(accounts, db) { return [] }
      // READ COMMITTED (asked for: a database's default may be stricter): a sign-up
      // committed meanwhile is a conflict the insert skips (no row back), not an error.
      try db.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
      do throws(PostgresError) {
        var refused: [Int] = []
        for (index, imported) in accounts.enumerated() {
          let new = imported.account
          // No row back when the identity or the skeleton is taken (a sign-up racing the
          // import waits for it, or it for the sign-up) or held.
          let made = try db.query(
            """
            INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at,
              client_address, client_network, state, lock_reason)
            SELECT $1, $2, $3, $4, $5::timestamptz, NULLIF($6, ''), NULLIF($7, ''), $8,
              NULLIF($9, '')
            WHERE NOT EXISTS (SELECT 1 FROM held_names
                WHERE (login_key = $2 OR login_skeleton = $3) AND held_until > $10::timestamptz)
            ON CONFLICT DO NOTHING
            RETURNING id
            """,
            [
              new.login, new.key, new.skeleton, new.hash, new.createdAt,
              new.origin?.address ?? "", new.origin?.network ?? "", new.state.rawValue,
              imported.reason ?? "", new.now,
            ])
          guard !made.isEmpty else {
            refused.append(index)
            continue
          }
          try Self.insertAudit(imported.audit, db)
        }
        try db.execute(refused.isEmpty ? "COMMIT" : "ROLLBACK")
        return refused
      } catch {
        if db.isOpen { try? db.execute("ROLLBACK") }
        throw error
      }
    }
  }

  private static func allThere(_ accounts: [ImportedAccount], _ db: PostgresConnection)
    throws(PostgresError) -> Bool
  {
    for imported in accounts {
      let hash = try db.query(
        "SELECT password_hash FROM accounts WHERE login_key = $1", [imported.account.key]
      ).first?[0]
      if hash != imported.account.hash { return false }
    }
    return true
  }

  /// One row of the audit log, in whatever transaction `db` is in.
  static func insertAudit(_ entry: AuditEntry, _ db: PostgresConnection) throws(PostgresError) {
    _ = try db.query(
      """
      INSERT INTO audit_log (at, action, login, client_address, by_user, detail)
      VALUES ($1::timestamptz, $2, NULLIF($3, ''), NULLIF($4, ''), NULLIF($5, ''),
        NULLIF($6, ''))
      """,
      [
        entry.at, entry.action.rawValue, entry.login ?? "", entry.clientAddress ?? "",
        entry.by ?? "", entry.detail ?? "",
      ])
  }
}
