import Registration
import Synchronization

/// Accounts in a PostgreSQL database, shared by many hosts: the same rules as the SQLite
/// store (logins unique without regard to case, yescrypt hashes, a decoy hash for unknown
/// logins), one connection per store, re-established when it breaks. Safe to share
/// between threads.
public final class PostgresAccountStore: AccountStore, CustomStringConvertible {
  /// Where the accounts are, with no password in it.
  public let uri: PostgresURI
  private let connection: Mutex<Connection>
  private let retry: RetryPolicy

  /// Connects to the database at `uri` and brings its schema up to date. Throws when the
  /// server cannot be reached (after at most `connectTimeout` seconds, unless the URI or
  /// `PGCONNECT_TIMEOUT` gives another) or the schema is from a newer version.
  public convenience init(uri: PostgresURI, connectTimeout: Int = 5) throws(AccountStoreError) {
    try self.init(uri: uri, connectTimeout: connectTimeout, retry: RetryPolicy())
  }

  init(uri: PostgresURI, connectTimeout: Int, retry: RetryPolicy) throws(AccountStoreError) {
    self.uri = uri
    self.retry = retry
    do throws(PostgresError) {
      let opened = try PostgresConnection(uri: uri, defaultConnectTimeout: connectTimeout)
      try retry.run { _ throws(PostgresError) in
        if !opened.isOpen { try opened.reconnect() }
        try PostgresSchema.migrate(opened)
      }
      connection = Mutex(Connection(opened))
    } catch {
      throw .unavailable(error.message)
    }
  }

  public var description: String { uri.redacted }

  // MARK: AccountStore

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try run { connection, _ throws(PostgresError) in
      try !connection.query(PostgresSQL.findAccount, [Self.key(login)]).isEmpty
    }
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    // Hashing is slow on purpose; it holds no connection.
    let account = CreatedAccount(
      login: login, passwordHash: try PasswordHash.make(password), createdAt: Timestamp.now())
    let key = Self.key(login)
    let created = try run { connection, attempt throws(PostgresError) -> Bool in
      let values = [login, key, account.passwordHash, account.createdAt]
      if try !connection.query(PostgresSQL.createAccount, values).isEmpty { return true }
      // A try after a lost connection: the first may have committed before the answer was
      // lost. The hash has a fresh salt, so a row holding it can only be this account.
      guard attempt > 0 else { return false }
      let found = try connection.query(PostgresSQL.findAccount, [key]).first
      return found?[1] == account.passwordHash
    }
    guard created else { throw .loginTaken }
    return account
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    let row = try run { connection, _ throws(PostgresError) in
      try connection.query(PostgresSQL.findAccount, [Self.key(login)]).first
    }
    guard let row, let registered = row[0], let hash = row[1] else {
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
    guard PasswordHash.verify(password, against: hash) else { return nil }
    return SignedInAccount(login: registered, signedInAt: Timestamp.now())
  }

  // MARK: Inside

  /// The connection. Unchecked: only ever touched inside the store's mutex.
  private final class Connection: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
  }

  /// One rule for both engines: the SQLite store's.
  private static func key(_ login: String) -> String { SQLiteAccountStore.key(login) }

  /// Runs `body` on the connection, alone, connecting again first if it broke, and tries
  /// again as the retry policy says; PostgreSQL's complaint becomes the store's.
  private func run<T: Sendable>(
    _ body: (PostgresConnection, _ attempt: Int) throws(PostgresError) -> T
  )
    throws(AccountStoreError) -> T
  {
    do throws(PostgresError) {
      return try connection.withLock { held throws(PostgresError) in
        try retry.run { attempt throws(PostgresError) in
          if !held.connection.isOpen { try held.connection.reconnect() }
          return try body(held.connection, attempt)
        }
      }
    } catch {
      throw .unavailable(error.message)
    }
  }
}
