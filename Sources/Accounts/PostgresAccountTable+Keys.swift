import Registration

// The statements on PostgreSQL's `account_keys`: a member's keys, sshd's, and the keys
// that come with a sign-up, inserted in its transaction.

extension PostgresAccountTable: AccountKeyTable {
  func keys(key: String) throws(AccountStoreError) -> [AccountKey] {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT \(Self.keyColumns) FROM account_keys
        WHERE account_id = (SELECT id FROM accounts WHERE login_key = $1 ORDER BY id LIMIT 1)
        ORDER BY added_at, fingerprint
        """, [key]
      ).compactMap(Self.accountKey)
    }
  }

  func addKey(_ accountKey: AccountKey, key: String) throws(AccountStoreError) -> KeyAddition {
    try run { db, attempt throws(PostgresError) -> KeyAddition in
      // One statement: of two accounts adding the same key at once, one has it (the
      // primary key decides; `ON CONFLICT` says so without an error).
      let added = try db.query(
        """
        INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
        SELECT $1, id, $3, $4, $5, $6::timestamptz FROM accounts
        WHERE login_key = $2 AND state = 'active'
        ORDER BY id LIMIT 1
        ON CONFLICT DO NOTHING RETURNING account_id
        """,
        [
          accountKey.fingerprint, key, accountKey.type, accountKey.base64, accountKey.comment,
          accountKey.addedAt,
        ])
      if !added.isEmpty { return .added }
      // Who has it: this account itself, after a try whose answer was lost, is added.
      let owner = try db.query(
        """
        SELECT accounts.login_key FROM account_keys
        JOIN accounts ON accounts.id = account_keys.account_id WHERE fingerprint = $1
        """, [accountKey.fingerprint]
      ).first
      guard let owner else { return .noActiveAccount }
      return attempt > 0 && owner[0] == key ? .added : .taken
    }
  }

  func removeKey(fingerprint: String, key: String) throws(AccountStoreError) -> Bool {
    try run { db, _ throws(PostgresError) in
      try !db.query(
        """
        DELETE FROM account_keys WHERE fingerprint = $1
          AND account_id = (SELECT id FROM accounts WHERE login_key = $2 ORDER BY id LIMIT 1)
        RETURNING 1
        """, [fingerprint, key]
      ).isEmpty
    }
  }

  func account(withFingerprint fingerprint: String) throws(AccountStoreError) -> StoredAccount? {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT accounts.login, accounts.state FROM account_keys
        JOIN accounts ON accounts.id = account_keys.account_id
        WHERE account_keys.fingerprint = $1
        """, [fingerprint]
      ).compactMap { row -> StoredAccount? in
        guard let login = row[0] else { return nil }
        return StoredAccount(
          login: login, hash: "", state: row[1].flatMap(AccountState.init) ?? .locked)
      }.first
    }
  }

  func authorizedKeys(login: String) throws(AccountStoreError) -> [AccountKey] {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT \(Self.keyColumns) FROM account_keys
        WHERE account_id IN (SELECT id FROM accounts WHERE login = $1 AND state = 'active')
        ORDER BY added_at, fingerprint
        """, [login]
      ).compactMap(Self.accountKey)
    }
  }

  /// Whether any account has a key with one of these fingerprints: a sign-up bringing it
  /// is refused before anything is inserted. (One racing another with the same key at
  /// the same moment meets the primary key instead, and its transaction is undone.)
  static func anyTaken(_ keys: [AccountKey], _ db: PostgresConnection) throws(PostgresError)
    -> Bool
  {
    guard !keys.isEmpty else { return false }
    let list = "{" + keys.map(\.fingerprint).joined(separator: ",") + "}"
    return try !db.query(
      "SELECT 1 FROM account_keys WHERE fingerprint = ANY ($1::text[]) LIMIT 1", [list]
    ).isEmpty
  }

  /// A sign-up's keys, for the account `accountID` it has just inserted.
  static func insert(
    _ keys: [AccountKey], accountID: String, addedAt: String, _ db: PostgresConnection
  ) throws(PostgresError) {
    for accountKey in keys {
      _ = try db.query(
        """
        INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
        VALUES ($1, $2::bigint, $3, $4, $5, $6::timestamptz)
        """,
        [
          accountKey.fingerprint, accountID, accountKey.type, accountKey.base64,
          accountKey.comment, addedAt,
        ])
    }
  }

  private static var keyColumns: String {
    "type, base64, comment, fingerprint, \(utcText("added_at"))"
  }

  private static func utcText(_ column: String) -> String {
    "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
  }

  private static func accountKey(_ row: [String?]) -> AccountKey? {
    guard let type = row[0], let base64 = row[1], let comment = row[2],
      let fingerprint = row[3]
    else { return nil }
    return AccountKey(
      type: type, base64: base64, comment: comment, fingerprint: fingerprint,
      addedAt: row[4] ?? "")
  }
}
