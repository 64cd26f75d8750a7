import Registration

extension Migration {
  /// From logins unique by `lowercased()` to logins unique by identity (NFKC case fold),
  /// with a confusable skeleton for lookalikes.
  ///
  /// Accounts from before may now share an identity (`José` composed and decomposed,
  /// `Straße` and `STRASSE`). None is lost: the oldest of each group keeps rank 0, the
  /// others get 1, 2, ...; the unique index is on (`login_key`, `login_rank`), and a new
  /// account always has rank 0, so it collides with any of them.
  static let loginIdentity = Migration { database, identity throws(DatabaseError) in
    try database.execute(
      """
      DROP INDEX accounts_login_key;
      DELETE FROM sign_in_failures; -- keyed by the old login key: a lock starts afresh
      ALTER TABLE accounts ADD COLUMN login_rank INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE accounts ADD COLUMN login_skeleton TEXT NOT NULL DEFAULT '';
      """)
    // In batches, so no statement reads the table while it is written, and memory stays
    // small however many accounts there are.
    let batch = try database.prepare(
      "SELECT id, login FROM accounts WHERE id > ?1 ORDER BY id LIMIT 500")
    let update = try database.prepare(
      "UPDATE accounts SET login_key = ?2, login_skeleton = ?3 WHERE id = ?1")
    var last = 0
    while true {
      var rows: [(id: Int, login: String)] = []
      try batch.bind(String(last))
      while try batch.step() { rows.append((batch.integer(0), batch.text(1))) }
      guard let end = rows.last?.id else { break }
      for row in rows {
        try update.bind(
          String(row.id), identity.identityKey(row.login), identity.skeleton(row.login))
        _ = try update.step()
      }
      last = end
    }
    try database.execute(
      """
      CREATE INDEX accounts_login_key_migrating ON accounts (login_key);
      UPDATE accounts SET login_rank = (
        SELECT count(*) FROM accounts AS earlier
        WHERE earlier.login_key = accounts.login_key AND earlier.id < accounts.id)
      WHERE login_key IN (SELECT login_key FROM accounts GROUP BY login_key HAVING count(*) > 1);
      DROP INDEX accounts_login_key_migrating;
      CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key, login_rank);
      CREATE INDEX accounts_login_skeleton ON accounts (login_skeleton);
      """)
  }
}
