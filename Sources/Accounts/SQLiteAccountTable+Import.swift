import Registration

// `register admin import` on SQLite: every account of the file in one transaction.

extension SQLiteAccountTable {
  func insertAll(_ accounts: [ImportedAccount]) throws(AccountStoreError) -> [Int] {
    let refused = try withConnection(creating: true) { db throws(DatabaseError) -> [Int] in
      // IMMEDIATE: the write lock from the start. A sign-up at the same moment waits for
      // the import (or the import for it, and then finds its login taken).
      try db.database.execute("BEGIN IMMEDIATE")
      do throws(DatabaseError) {
        var refused: [Int] = []
        for (index, imported) in accounts.enumerated() {
          guard try Self.insertAccount(imported.account, db) == .inserted else {
            refused.append(index)
            continue
          }
          if let reason = imported.reason {
            _ = try db.run(
              "UPDATE accounts SET lock_reason = ?1 WHERE login_key = ?2", reason,
              imported.account.key)
          }
          let entry = imported.audit
          _ = try db.run(
            """
            INSERT INTO audit_log (at, action, login, client_address, by_user, detail)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """, entry.at, entry.action.rawValue, entry.login ?? SQLNull(),
            entry.clientAddress ?? SQLNull(), entry.by ?? SQLNull(), entry.detail ?? SQLNull())
        }
        try db.database.execute(refused.isEmpty ? "COMMIT" : "ROLLBACK")
        return refused
      } catch {
        try? db.database.execute("ROLLBACK")
        throw error
      }
    }
    guard let refused else { throw .unavailable("the file was removed while it was being made") }
    return refused
  }
}
