import Registration

extension Migration {
  /// Throttle records keyed by `SHA256.hex` of the login key (a record's size no longer
  /// grows with the login), at most `ThrottlePolicy.mostRecords` of them; and accounts'
  /// client addresses normalised, with the network the per-address limit counts.
  ///
  /// Records and accounts are read in batches, so memory stays small however many there
  /// are (a store filled by the attack this fixes among them).
  static let digestsAndNetworks = Migration { database, _ throws(DatabaseError) in
    try database.execute(
      """
      CREATE TABLE sign_in_failures_by_digest (
        key_digest TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        locked_until INTEGER NOT NULL
      ) WITHOUT ROWID;
      ALTER TABLE accounts ADD COLUMN client_network TEXT;
      """)
    let connection = SQLiteConnection(database)
    var last = ""
    while true {
      let records = try connection.rows(
        """
        SELECT login_key, failures, locked_until FROM sign_in_failures
        WHERE login_key > ?1 ORDER BY login_key LIMIT 500
        """, last
      ) { ($0.text(0), $0.integer(1), $0.integer(2)) }
      guard let end = records.last?.0 else { break }
      for (key, failures, lockedUntil) in records {
        _ = try connection.run(
          "INSERT OR REPLACE INTO sign_in_failures_by_digest VALUES (?1, ?2, ?3)",
          SignInLogin.digest(of: key), failures, lockedUntil)
      }
      last = end
    }
    try database.execute(
      """
      DROP TABLE sign_in_failures;
      ALTER TABLE sign_in_failures_by_digest RENAME TO sign_in_failures;
      CREATE INDEX sign_in_failures_locked_until ON sign_in_failures (locked_until);
      """)
    try SQLiteAccountTable.keepToCap(connection)
    var lastID = 0
    while true {
      let accounts = try connection.rows(
        """
        SELECT id, client_address FROM accounts
        WHERE id > ?1 AND client_address IS NOT NULL ORDER BY id LIMIT 500
        """, lastID
      ) { ($0.integer(0), $0.text(1)) }
      guard let end = accounts.last?.0 else { break }
      for (id, address) in accounts {
        let parsed = ClientAddress(address)
        _ = try connection.run(
          "UPDATE accounts SET client_address = ?2, client_network = ?3 WHERE id = ?1", id,
          parsed?.text ?? address, parsed?.network ?? address)
      }
      lastID = end
    }
    try database.execute(
      """
      CREATE INDEX accounts_client_network ON accounts (client_network, created_at)
        WHERE client_network IS NOT NULL;
      CREATE INDEX accounts_created_at ON accounts (created_at);
      """)
  }
}
