import Registration
import Synchronization

/// The accounts' tables in an SQLite file: every statement the SQLite store runs, each
/// beside the values it is given. Safe to share between threads: each call holds the lock.
///
/// The file is made with the first account, not before: a run that stores nothing leaves
/// nothing behind. Until then there are no accounts, and each call looks again whether
/// another process has made the file meanwhile.
final class SQLiteAccountTable: AccountTable {
  let path: String
  private let identity: any LoginIdentity
  private let folder: DatabaseFolder
  private let createsFolders: Bool
  private let state: Mutex<State>

  private enum State {
    /// No file yet.
    case absent
    case open(SQLiteConnection)
    case closed
  }

  /// Opens the file at `path` if it is there (see `connect`); `identity` computes the keys
  /// of logins already stored when a migration needs them.
  init(path: String, identity: any LoginIdentity, createsFolders: Bool)
    throws(AccountStoreError)
  {
    self.path = path
    self.identity = identity
    folder = DatabaseFolder(of: path)
    self.createsFolders = createsFolders
    if try folder.resolved() == nil && !createsFolders {
      throw .refused(.folderMissing(folder.folder))
    }
    let connection = try Self.connect(
      folder, identity: identity, creating: false, createsFolders: createsFolders)
    state = Mutex(connection.map { .open($0) } ?? .absent)
  }

  var description: String { path }

  func create() throws(AccountStoreError) {
    _ = try withConnection(creating: true) { _ throws(DatabaseError) in }
  }

  func close() {
    state.withLock { $0 = .closed }
  }

  // MARK: Accounts

  func availability(key: String, skeleton: String, now: String) throws(AccountStoreError)
    -> LoginAvailability
  {
    try withConnection { db throws(DatabaseError) in try Self.availability(db, key, skeleton, now) }
      ?? .free
  }

  /// Taken when an account or a held name has the key, a lookalike when one has the
  /// skeleton.
  private static func availability(
    _ db: SQLiteConnection, _ key: String, _ skeleton: String, _ now: String
  ) throws(DatabaseError) -> LoginAvailability {
    if try db.exists("SELECT 1 FROM accounts WHERE login_key = ?1 LIMIT 1", key) { return .taken }
    if try db.exists(
      "SELECT 1 FROM held_names WHERE login_key = ?1 AND held_until > ?2 LIMIT 1", key, now)
    {
      return .taken
    }
    if try db.exists("SELECT 1 FROM accounts WHERE login_skeleton = ?1 LIMIT 1", skeleton) {
      return .lookalike
    }
    return try db.exists(
      "SELECT 1 FROM held_names WHERE login_skeleton = ?1 AND held_until > ?2 LIMIT 1",
      skeleton, now) ? .lookalike : .free
  }

  func find(key: String) throws(AccountStoreError) -> [StoredAccount] {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT login, password_hash, state, lock_reason FROM accounts WHERE login_key = ?1
        ORDER BY login_rank LIMIT 64
        """, key
      ) {
        StoredAccount(
          login: $0.text(0), hash: $0.text(1), state: AccountState(rawValue: $0.text(2)) ?? .locked,
          lockReason: $0.optionalText(3))
      }
    } ?? []
  }

  func insert(_ new: NewAccount) throws(AccountStoreError) -> InsertOutcome {
    let outcome = try withConnection(creating: true) { db throws(DatabaseError) -> InsertOutcome in
      try Self.insertingDetails(of: new, db) {
        () throws(DatabaseError) -> InsertOutcome in try Self.insertAccount(new, db)
      }
    }
    guard let outcome else { throw .unavailable("the file was removed while it was being made") }
    return outcome
  }

  /// The account's one statement, and what it did.
  static func insertAccount(_ new: NewAccount, _ db: SQLiteConnection)
    throws(DatabaseError) -> InsertOutcome
  {
    let origin = new.origin
    let (address, network): (any SQLValue, any SQLValue) =
      (origin?.address ?? SQLNull(), origin?.network ?? SQLNull())
    do throws(DatabaseError) {
      // ?8/?9: the address's limit and its window, ?10/?11 the store's per hour (NULL:
      // none). One statement: sign-ups racing from other processes cannot all pass.
      let inserted = try db.run(
        """
        INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at,
          client_address, client_network, state)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?12
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = ?3)
          AND NOT EXISTS (SELECT 1 FROM held_names
                          WHERE (login_key = ?2 OR login_skeleton = ?3) AND held_until > ?13)
          AND (?8 IS NULL OR (SELECT count(*) FROM accounts
                              WHERE client_network = ?7 AND created_at > ?9) < ?8)
          AND (?10 IS NULL OR (SELECT count(*) FROM accounts WHERE created_at > ?11) < ?10)
        """,
        new.login, new.key, new.skeleton, new.hash, new.createdAt, address, network,
        origin?.limit?.count ?? SQLNull(), origin?.limit?.since ?? SQLNull(),
        new.rate?.count ?? SQLNull(), new.rate?.since ?? SQLNull(), new.state.rawValue, new.now)
      if inserted > 0 { return .inserted }
    } catch  where error.isUniqueViolation {
      return .loginTaken
    }
    // Nothing inserted: the login is taken (a limit was met before the unique index could
    // say so) or looks like one, or else a limit is met.
    if try Self.availability(db, new.key, new.skeleton, new.now) != .free { return .loginTaken }
    guard let origin, let limit = origin.limit else { return .signUpRateReached }
    let made = try db.integer(
      "SELECT count(*) FROM accounts WHERE client_network = ?1 AND created_at > ?2",
      origin.network, limit.since)
    return made >= limit.count ? .addressLimitReached : .signUpRateReached
  }

  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
  {
    // Only over the hash the current password was checked against.
    try withConnection { db throws(DatabaseError) in
      try db.run(
        "UPDATE accounts SET password_hash = ?1 WHERE login_key = ?2 AND login = ?3 AND password_hash = ?4",
        hash, key, login, current) > 0
    } == true
  }

  func count(fromNetwork network: String, since: String) throws(AccountStoreError) -> Int {
    try withConnection { db throws(DatabaseError) in
      try db.integer(
        "SELECT count(*) FROM accounts WHERE client_network = ?1 AND created_at > ?2",
        network, since)
    } ?? 0
  }

  func delete(key: String, login: String) throws(AccountStoreError) -> Bool {
    try withConnection { db throws(DatabaseError) in
      try db.run("DELETE FROM accounts WHERE login_key = ?1 AND login = ?2", key, login) > 0
    } ?? false
  }

  // MARK: The sign-in throttle

  func claim(_ key: String, now: Int) throws(AccountStoreError) -> Int? {
    try withConnection { db throws(DatabaseError) -> Int? in
      // IMMEDIATE: the read and the write are one step for every process.
      try db.database.execute("BEGIN IMMEDIATE")
      do throws(DatabaseError) {
        let record = try db.rows(
          "SELECT failures, locked_until FROM sign_in_failures WHERE key_digest = ?1", key
        ) { ThrottlePolicy.Record(failures: $0.integer(0), lockedUntil: $0.integer(1)) }.first
        switch ThrottlePolicy.claim(record, now: now) {
        case .locked(let seconds):
          try db.database.execute("ROLLBACK")
          return seconds
        case .counted(let counted):
          _ = try db.run(
            "INSERT OR REPLACE INTO sign_in_failures (key_digest, failures, locked_until) VALUES (?1, ?2, ?3)",
            key, counted.failures, counted.lockedUntil)
          _ = try db.run(
            "DELETE FROM sign_in_failures WHERE locked_until < ?1",
            ThrottlePolicy.forgottenBefore(now))
          if record == nil { try Self.keepToCap(db, claimed: key) }
          try db.database.execute("COMMIT")
          return nil
        }
      } catch {
        try? db.database.execute("ROLLBACK")
        throw error
      }
    } ?? nil
  }

  func clearFailures(_ key: String) throws(AccountStoreError) {
    _ = try withConnection { db throws(DatabaseError) in
      try db.run("DELETE FROM sign_in_failures WHERE key_digest = ?1", key)
    }
  }

  /// Drops the records that end soonest (those not locked now first) while there are more
  /// than `ThrottlePolicy.mostRecords`, never the one just `claimed` ("" for none): a first
  /// failure ends soonest of all, and dropping it would let that login be guessed unlocked.
  static func keepToCap(_ db: SQLiteConnection, claimed: String = "") throws(DatabaseError) {
    _ = try db.run(
      """
      DELETE FROM sign_in_failures WHERE key_digest IN (
        SELECT key_digest FROM sign_in_failures WHERE key_digest <> ?2 ORDER BY locked_until
        LIMIT max(0, (SELECT count(*) FROM sign_in_failures) - ?1))
      """, ThrottlePolicy.mostRecords, claimed)
  }

  // MARK: The connection

  /// Runs `body` on the connection, alone, opening the file if it has appeared since (or
  /// making it, if `creating`); nil when there is no file. SQLite's complaint becomes the
  /// store's.
  func withConnection<T>(
    creating: Bool = false, _ body: (SQLiteConnection) throws(DatabaseError) -> T
  ) throws(AccountStoreError) -> T? {
    let (folder, identity, createsFolders) = (folder, identity, createsFolders)
    return try state.withLock { state throws(AccountStoreError) -> T? in
      switch state {
      case .closed:
        throw .unavailable("the account database is closed")
      case .absent:
        let opened = try Self.connect(
          folder, identity: identity, creating: creating, createsFolders: createsFolders)
        guard let opened else { return nil }
        state = .open(opened)
      case .open: break
      }
      guard case .open(let connection) = state else { return nil }
      do throws(DatabaseError) {
        return try body(connection)
      } catch {
        throw AccountStoreError(error)
      }
    }
  }
}
