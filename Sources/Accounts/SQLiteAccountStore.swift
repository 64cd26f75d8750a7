import Registration
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Accounts in an SQLite file: logins unique without regard to case (by a unique index),
/// passwords only as yescrypt hashes. Safe to share between threads.
public final class SQLiteAccountStore: AccountStore {
  public let path: String
  private let connection: Mutex<Connection>

  /// Opens the database at `path`, creating it (mode 0600) and its directory as needed,
  /// and bringing its schema up to date.
  public init(path: String) throws(AccountStoreError) {
    self.path = path
    do {
      try Self.createFileIfMissing(path)
      let database = try Database(path: path)
      if database.isReadOnly { throw AccountStoreError.unavailable("the file is read-only") }
      // Another process may hold the lock briefly (two sign-ups at once).
      try database.execute("PRAGMA busy_timeout = 5000")
      try database.execute("PRAGMA journal_mode = WAL")
      // In WAL mode NORMAL cannot corrupt the file; a power cut may lose the last commit
      // (an account just created), and every commit is spared a disk sync.
      try database.execute("PRAGMA synchronous = NORMAL")
      try Schema.migrate(database)
      connection = Mutex(try Connection(database))
    } catch let error as AccountStoreError {
      throw error
    } catch let error as DatabaseError {
      throw AccountStoreError(error)
    } catch {
      throw .unavailable("\(error)")
    }
  }

  /// `$XDG_DATA_HOME/register/accounts.sqlite`, or `~/.local/share/register/...`;
  /// nil when neither variable gives a place.
  public static func defaultPath(environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/register/accounts.sqlite"
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home + "/.local/share/register/accounts.sqlite"
    }
    return nil
  }

  // MARK: AccountStore

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try run { connection throws(DatabaseError) in
      try connection.find.bind(Self.key(login))
      defer { connection.find.finish() }
      return try connection.find.step()
    }
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    // Hashing is slow on purpose; it needs no lock.
    let account = CreatedAccount(
      login: login, passwordHash: try PasswordHash.make(password), createdAt: Timestamp.now())
    do throws(DatabaseError) {
      try connection.withLock { connection throws(DatabaseError) in
        try connection.insert.bind(login, Self.key(login), account.passwordHash, account.createdAt)
        _ = try connection.insert.step()
      }
    } catch  where error.isUniqueViolation {
      throw .loginTaken
    } catch {
      throw .unavailable(error.message)
    }
    return account
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    // Refused, not verified: crypt(3) would check only what comes before the NUL.
    guard !password.utf8.contains(0) else { throw .containsNUL("password") }
    let stored = try run { connection throws(DatabaseError) -> (login: String, hash: String)? in
      try connection.find.bind(Self.key(login))
      defer { connection.find.finish() }
      return try connection.find.step() ? (connection.find.text(0), connection.find.text(1)) : nil
    }
    guard let stored else {
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
    guard PasswordHash.verify(password, against: stored.hash) else { return nil }
    return SignedInAccount(login: stored.login, signedInAt: Timestamp.now())
  }

  // MARK: Inside

  /// The prepared statements of one connection. Unchecked: only ever touched inside the
  /// store's mutex, one thread at a time.
  private final class Connection: @unchecked Sendable {
    let database: Database
    let find: Statement
    let insert: Statement

    init(_ database: Database) throws(DatabaseError) {
      self.database = database
      find = try database.prepare(
        "SELECT login, password_hash FROM accounts WHERE login_key = ?1")
      insert = try database.prepare(
        "INSERT INTO accounts (login, login_key, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)"
      )
    }
  }

  /// What makes two logins the same account: case is ignored.
  static func key(_ login: String) -> String { login.lowercased() }

  /// Runs `body` on the connection, alone; SQLite's complaint becomes the store's.
  private func run<T>(_ body: (Connection) throws(DatabaseError) -> T) throws(AccountStoreError)
    -> T
  {
    do throws(DatabaseError) {
      return try connection.withLock { connection throws(DatabaseError) in try body(connection) }
    } catch {
      throw AccountStoreError(error)
    }
  }

  /// Creates the directory (0700) and an empty file (0600) if there is none, so the
  /// database is never readable by others, not even for a moment.
  private static func createFileIfMissing(_ path: String) throws(AccountStoreError) {
    var directory = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/").dropLast() {
      directory += "/" + component
      var status = stat()
      if stat(directory, &status) == 0 { continue }
      guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
        throw .unavailable(
          "cannot create the folder \(directory): \(String(cString: strerror(errno)))")
      }
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 {
      close(fd)
    } else if errno != EEXIST {
      throw .unavailable(String(cString: strerror(errno)))
    }
  }
}
