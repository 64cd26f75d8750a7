import Registration

// The statements on SQLite's `account_keys`: a member's keys, sshd's, and the keys that
// come with a sign-up, inserted in its transaction.

extension SQLiteAccountTable: AccountKeyTable {
  func keys(key: String) throws(AccountStoreError) -> [AccountKey] {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT \(Self.keyColumns) FROM account_keys
        WHERE account_id = (SELECT id FROM accounts WHERE login_key = ?1 ORDER BY id LIMIT 1)
        ORDER BY added_at, fingerprint
        """, key, row: Self.accountKey)
    } ?? []
  }

  func addKey(_ accountKey: AccountKey, key: String) throws(AccountStoreError) -> KeyAddition {
    try withConnection { db throws(DatabaseError) -> KeyAddition in
      // One statement: of two accounts adding the same key at once, one has it.
      let added = try db.run(
        """
        INSERT OR IGNORE INTO account_keys (fingerprint, account_id, type, base64, comment,
          added_at)
        SELECT ?1, id, ?3, ?4, ?5, ?6 FROM accounts
        WHERE login_key = ?2 AND state = 'active' ORDER BY id LIMIT 1
        """, accountKey.fingerprint, key, accountKey.type, accountKey.base64, accountKey.comment,
        accountKey.addedAt)
      if added > 0 { return .added }
      return try Self.fingerprintTaken(db, accountKey.fingerprint) ? .taken : .noActiveAccount
    } ?? .noActiveAccount
  }

  func removeKey(fingerprint: String, key: String) throws(AccountStoreError) -> Bool {
    try withConnection { db throws(DatabaseError) in
      try db.run(
        """
        DELETE FROM account_keys WHERE fingerprint = ?1
          AND account_id = (SELECT id FROM accounts WHERE login_key = ?2 ORDER BY id LIMIT 1)
        """, fingerprint, key) > 0
    } == true
  }

  func account(withFingerprint fingerprint: String) throws(AccountStoreError) -> StoredAccount? {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT accounts.login, accounts.state FROM account_keys
        JOIN accounts ON accounts.id = account_keys.account_id
        WHERE account_keys.fingerprint = ?1
        """, fingerprint
      ) {
        StoredAccount(
          login: $0.text(0), hash: "", state: AccountState(rawValue: $0.text(1)) ?? .locked)
      }.first
    } ?? nil
  }

  func authorizedKeys(login: String) throws(AccountStoreError) -> [AccountKey] {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT \(Self.keyColumns) FROM account_keys
        WHERE account_id IN (SELECT id FROM accounts WHERE login = ?1 AND state = 'active')
        ORDER BY added_at, fingerprint
        """, login, row: Self.accountKey)
    } ?? []
  }

  /// Stores a new account's keys (inside the insert's transaction).
  static func insert(
    _ keys: [AccountKey], accountID id: Int, addedAt: String, _ db: SQLiteConnection
  ) throws(DatabaseError) {
    for accountKey in keys {
      _ = try db.run(
        """
        INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """, accountKey.fingerprint, id, accountKey.type, accountKey.base64, accountKey.comment,
        addedAt)
    }
  }

  /// Whether any account has a key with one of these fingerprints.
  static func anyTaken(_ keys: [AccountKey], _ db: SQLiteConnection) throws(DatabaseError) -> Bool {
    for accountKey in keys where try fingerprintTaken(db, accountKey.fingerprint) { return true }
    return false
  }

  private static func fingerprintTaken(_ db: SQLiteConnection, _ fingerprint: String)
    throws(DatabaseError) -> Bool
  {
    try db.exists("SELECT 1 FROM account_keys WHERE fingerprint = ?1", fingerprint)
  }

  private static let keyColumns = "type, base64, comment, fingerprint, added_at"

  private static func accountKey(_ row: Statement) -> AccountKey {
    AccountKey(
      type: row.text(0), base64: row.text(1), comment: row.text(2), fingerprint: row.text(3),
      addedAt: row.text(4))
  }
}
