import Registration
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Accounts in an SQLite file: logins unique by identity (a unique index on the keys
/// that `identity` computes), lookalikes found by skeleton, passwords only as yescrypt
/// hashes. Safe to share between threads.
public final class SQLiteAccountStore: AccountStore {
  public let path: String
  private let identity: any LoginIdentity
  private let connection: Mutex<Connection>

  /// Opens the database at `path`, creating it (mode 0600) and its directory as needed,
  /// and bringing its schema up to date. `identity` says when two logins are one account
  /// and when they look alike; the store keeps its keys, it does not compute its own.
  public init(path: String, identity: any LoginIdentity) throws(AccountStoreError) {
    self.path = path
    self.identity = identity
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
      try Schema.migrate(database, identity: identity)
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
    try availability(of: login) == .taken
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    let (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    return try run { connection throws(DatabaseError) in
      if try connection.exists(connection.findKey, key) { return .taken }
      return try connection.exists(connection.findSkeleton, skeleton) ? .lookalike : .free
    }
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    // Stored as typed, after NFC; hashing is slow on purpose and needs no lock.
    let login = identity.normalized(login)
    let (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    let account = CreatedAccount(
      login: login, passwordHash: try PasswordHash.make(password), createdAt: Timestamp.now())
    let inserted: Bool
    do throws(DatabaseError) {
      inserted = try connection.withLock { connection throws(DatabaseError) in
        try connection.insert.bind(login, key, skeleton, account.passwordHash, account.createdAt)
        _ = try connection.insert.step()
        return connection.database.changes > 0
      }
    } catch  where error.isUniqueViolation {
      throw .loginTaken
    } catch {
      throw .unavailable(error.message)
    }
    // The insert adds nothing when a lookalike exists: one statement, so no race.
    guard inserted else { throw .loginTaken }
    return account
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    // Refused, not verified: crypt(3) would check only what comes before the NUL.
    guard !password.utf8.contains(0) else { throw .containsNUL("password") }
    let key = identity.identityKey(login)
    let candidates = try run { connection throws(DatabaseError) in
      try connection.find.bind(key)
      defer { connection.find.finish() }
      var found: [(login: String, hash: String)] = []
      while found.count < 64, try connection.find.step() {
        found.append((connection.find.text(0), connection.find.text(1)))
      }
      return found
    }
    // Accounts from before the identity rules may share one: the exact login (its
    // bytes, not only its canonical form) decides which.
    let stored =
      candidates.count == 1
      ? candidates.first : candidates.first { $0.login.utf8.elementsEqual(login.utf8) }
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
    let findKey: Statement
    let findSkeleton: Statement
    let insert: Statement

    init(_ database: Database) throws(DatabaseError) {
      self.database = database
      find = try database.prepare(
        "SELECT login, password_hash FROM accounts WHERE login_key = ?1 ORDER BY login_rank")
      findKey = try database.prepare("SELECT 1 FROM accounts WHERE login_key = ?1 LIMIT 1")
      findSkeleton = try database.prepare(
        "SELECT 1 FROM accounts WHERE login_skeleton = ?1 LIMIT 1")
      insert = try database.prepare(
        """
        INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
        SELECT ?1, ?2, ?3, ?4, ?5
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = ?3)
        """)
    }

    /// Whether `query` finds a row for `value`.
    func exists(_ query: Statement, _ value: String) throws(DatabaseError) -> Bool {
      try query.bind(value)
      defer { query.finish() }
      return try query.step()
    }
  }

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
