import Registration
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Accounts in an SQLite file: logins unique by identity (a unique index on the keys
/// that `identity` computes), lookalikes found by skeleton, passwords only as yescrypt
/// hashes, failed sign-ins throttled. Safe to share between threads.
///
/// The file is made with the first account, not before: a run that stores nothing
/// leaves nothing behind. Until then the store has no accounts, and looks again at each
/// call whether another process has made the file meanwhile.
public final class SQLiteAccountStore: AccountStore {
  public let path: String
  let identity: any LoginIdentity
  private let folder: DatabaseFolder
  private let createsFolders: Bool
  private let clock: @Sendable () -> Int
  private let state: Mutex<State>

  private enum State {
    /// No file yet.
    case absent
    case open(Connection)
    case closed
  }

  /// Opens the database at `path` if it is there, checked (see DatabaseFile) and brought
  /// up to date; otherwise it is made (mode 0600) with the first account. Its folder must
  /// exist, unless `createsFolders` (the default place): then it is made too (0700), also
  /// only with the first account. `identity` says when two logins are one account and
  /// when they look alike: the store keeps its keys, it does not compute its own. `clock`
  /// gives the seconds since 1970 (the throttle's).
  public init(
    path: String, identity: any LoginIdentity, createsFolders: Bool = false,
    clock: (@Sendable () -> Int)? = nil
  ) throws(AccountStoreError) {
    self.path = path
    self.identity = identity
    folder = DatabaseFolder(of: path)
    self.createsFolders = createsFolders
    self.clock = clock ?? Timestamp.seconds
    if try folder.resolved() == nil && !createsFolders {
      throw .refused(.folderMissing(folder.folder))
    }
    let connection = try Self.connect(
      folder, identity: identity, creating: false, createsFolders: createsFolders)
    state = Mutex(connection.map { .open($0) } ?? .absent)
  }

  /// Makes the file now if there is none (for tools that fill it from outside).
  public func create() throws(AccountStoreError) {
    _ = try withConnection(creating: true) { _ throws(DatabaseError) in }
  }

  /// Closes the database. SQLite then folds the `-wal` into the file and removes the
  /// `-wal` and `-shm` (unless another process has it open). Later calls fail.
  public func close() {
    state.withLock { $0 = .closed }
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
    return try withConnection { connection throws(DatabaseError) in
      if try connection.exists(connection.findKey, key) { return .taken }
      return try connection.exists(connection.findSkeleton, skeleton) ? .lookalike : .free
    } ?? .free
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try create(login: login, password: password, origin: nil)
  }

  public func createAccount(login: String, password: String, origin: SignUpOrigin)
    throws(AccountStoreError) -> CreatedAccount
  {
    try create(login: login, password: password, origin: origin)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    let since = Timestamp.string(clock() - SignUpOrigin.windowSeconds)
    return try withConnection { connection throws(DatabaseError) in
      try connection.countFromAddress.bind(address, since)
      defer { connection.countFromAddress.finish() }
      return try connection.countFromAddress.step() ? connection.countFromAddress.integer(0) : 0
    } ?? 0
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    let key = identity.identityKey(login)
    return try withConnection { connection throws(DatabaseError) in
      try connection.delete.bind(key, login)
      _ = try connection.delete.step()
      return connection.database.changes > 0
    } ?? false
  }

  package func createAccount(login: String, passwordHash: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try insert(login: login, passwordHash: passwordHash, origin: nil)
  }

  private func create(login: String, password: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    // Hashing is slow on purpose and needs no lock.
    return try insert(login: login, passwordHash: try PasswordHash.make(password), origin: origin)
  }

  /// Inserts the account in one statement that also refuses a lookalike and, with a
  /// limit, an address that has made its share: no race slips past either.
  private func insert(login: String, passwordHash: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    // Stored as typed, after NFC.
    let login = identity.normalized(login)
    let (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    let now = clock()
    let account = CreatedAccount(
      login: login, passwordHash: passwordHash, createdAt: Timestamp.string(now))
    let address: any SQLValue = origin.map(\.address) ?? SQLNull()
    let limit: any SQLValue = origin?.limit ?? SQLNull()
    let since = Timestamp.string(now - SignUpOrigin.windowSeconds)
    let inserted = try withConnection(
      creating: true, failure: { $0.isUniqueViolation ? .loginTaken : AccountStoreError($0) }
    ) { connection throws(DatabaseError) -> Bool? in
      try connection.insert.bind(
        login, key, skeleton, account.passwordHash, account.createdAt, address, limit, since)
      _ = try connection.insert.step()
      if connection.database.changes > 0 { return true }
      // Nothing inserted: the login is taken (the limit was met before the unique index
      // could say so) or looks like one, or else the address has made its share.
      if try connection.exists(connection.findKey, key) { return false }
      return try connection.exists(connection.findSkeleton, skeleton) ? false : nil
    }
    guard let inserted else { throw .unavailable("the file was removed while it was being made") }
    switch inserted {
    case .some(true): return account
    case .some(false): throw .loginTaken
    case .none: throw .addressLimitReached(limit: origin?.limit ?? 0)
    }
  }

  /// Throws `.throttled` without checking the password while the login is locked (see
  /// SignInThrottle).
  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    // Refused, not verified: crypt(3) would check only what comes before the NUL.
    guard !password.utf8.contains(0) else { throw .containsNUL("password") }
    let key = identity.identityKey(login)
    let now = clock()
    let found = try withConnection { connection throws(DatabaseError) -> Found in
      if let wait = try connection.throttle.claim(key, now: now) { return .locked(wait) }
      try connection.find.bind(key)
      defer { connection.find.finish() }
      var candidates: [(login: String, hash: String)] = []
      while candidates.count < 64, try connection.find.step() {
        candidates.append((connection.find.text(0), connection.find.text(1)))
      }
      // Accounts from before the identity rules may share one: the exact login (its
      // bytes, not only its canonical form) decides which.
      let stored =
        candidates.count == 1
        ? candidates.first : candidates.first { $0.login.utf8.elementsEqual(login.utf8) }
      return stored.map { .account(login: $0.login, hash: $0.hash) } ?? .unknown
    }
    switch found {
    case .locked(let seconds):
      throw .throttled(retryAfterSeconds: seconds)
    case .account(let stored, let hash):
      guard PasswordHash.verify(password, against: hash) else { return nil }
      _ = try withConnection { connection throws(DatabaseError) in
        try connection.throttle.succeeded(key)
      }
      return SignedInAccount(login: stored, signedInAt: Timestamp.now())
    case .unknown, nil:
      // No such login (or no file: no accounts at all). As long as a wrong password.
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
  }

  // MARK: Inside

  /// What a sign-in found under its lock.
  private enum Found {
    case locked(Int)
    case account(login: String, hash: String)
    case unknown
  }

  /// The prepared statements of one connection. Unchecked: only ever touched inside the
  /// store's mutex, one thread at a time.
  final class Connection: @unchecked Sendable {
    let database: Database
    let find: Statement
    let findKey: Statement
    let findSkeleton: Statement
    let insert: Statement
    let countFromAddress: Statement
    let delete: Statement
    let throttle: SignInThrottle

    init(_ database: Database) throws(DatabaseError) {
      self.database = database
      find = try database.prepare(
        "SELECT login, password_hash FROM accounts WHERE login_key = ?1 ORDER BY login_rank")
      findKey = try database.prepare("SELECT 1 FROM accounts WHERE login_key = ?1 LIMIT 1")
      findSkeleton = try database.prepare(
        "SELECT 1 FROM accounts WHERE login_skeleton = ?1 LIMIT 1")
      // ?6 the client's address or NULL; ?7 its limit or NULL; ?8 the window's start.
      insert = try database.prepare(
        """
        INSERT INTO accounts
          (login, login_key, login_skeleton, password_hash, created_at, client_address)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = ?3)
          AND (?7 IS NULL OR (SELECT count(*) FROM accounts
                              WHERE client_address = ?6 AND created_at > ?8) < ?7)
        """)
      countFromAddress = try database.prepare(
        "SELECT count(*) FROM accounts WHERE client_address = ?1 AND created_at > ?2")
      delete = try database.prepare("DELETE FROM accounts WHERE login_key = ?1 AND login = ?2")
      throttle = try SignInThrottle(database)
    }

    /// Whether `query` finds a row for `value`.
    func exists(_ query: Statement, _ value: String) throws(DatabaseError) -> Bool {
      try query.bind(value)
      defer { query.finish() }
      return try query.step()
    }
  }

  /// Runs `body` on the connection, alone, opening the file if it has appeared since (or
  /// making it, if `creating`); nil when there is no file. SQLite's complaint becomes the
  /// store's through `failure`.
  func withConnection<T>(
    creating: Bool = false,
    failure: (DatabaseError) -> AccountStoreError = { AccountStoreError($0) },
    _ body: (Connection) throws(DatabaseError) -> T
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
        throw failure(error)
      }
    }
  }

  /// Makes the database at `path`, unless there is one, whole before any other process can
  /// see it: built, switched to WAL and migrated under a temporary name in the same
  /// folder, closed, then linked into place (`link` fails if another process was quicker:
  /// theirs is used). Made in place, a file half set up was read by sign-ups racing this
  /// one as locked, or as another program's database.
  private static func createWhole(_ path: String, identity: any LoginIdentity)
    throws(AccountStoreError)
  {
    if try DatabaseFile.check(path) != nil { return }
    let temporary = "\(path).new-\(getpid())-\(UInt32.random(in: .min ... .max))"
    try DatabaseFile.create(temporary)
    defer {
      for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) }
    }
    try setUp(temporary, identity: identity)
    guard link(temporary, path) == 0 || errno == EEXIST else {
      throw .unavailable(DatabaseFile.reason(errno))
    }
  }

  /// Sets a new database up and closes it: SQLite folds the WAL into the file on closing.
  private static func setUp(_ path: String, identity: any LoginIdentity) throws(AccountStoreError) {
    let database: Database
    do throws(DatabaseError) {
      database = try Database(path: path)
      try database.execute("PRAGMA journal_mode = WAL")
    } catch {
      throw AccountStoreError(error)
    }
    try Schema.migrate(database, identity: identity)
  }

  /// Opens the database in `folder` after checking it, making it first if `creating`;
  /// nil if there is no file.
  private static func connect(
    _ folder: DatabaseFolder, identity: any LoginIdentity, creating: Bool, createsFolders: Bool
  ) throws(AccountStoreError) -> Connection? {
    var resolved = try folder.resolved()
    if resolved == nil && creating && createsFolders {
      try folder.create()
      resolved = try folder.resolved()
    }
    guard let path = resolved else {
      if creating { throw .refused(.folderMissing(folder.folder)) }
      return nil
    }
    if creating { try createWhole(path, identity: identity) }
    guard let file = try DatabaseFile.check(path) else { return nil }
    // Nothing writes before this: SQLite reads another program's file without changing it.
    if !file.isEmpty { try Schema.inspect(path) }
    let database: Database
    do throws(DatabaseError) {
      database = try Database(path: path)
    } catch {
      throw AccountStoreError(error)
    }
    guard file.isStill(at: path) else {
      throw .unavailable("the file was replaced while opening it")
    }
    if database.isReadOnly { throw .unavailable("the file is read-only") }
    do throws(DatabaseError) {
      // Another process may hold the lock briefly (two sign-ups at once).
      try database.execute("PRAGMA busy_timeout = 5000")
      try database.execute("PRAGMA journal_mode = WAL")
      // In WAL mode NORMAL cannot corrupt the file; a power cut may lose the last commit
      // (an account just created), and every commit is spared a disk sync.
      try database.execute("PRAGMA synchronous = NORMAL")
    } catch {
      throw AccountStoreError(error)
    }
    try Schema.migrate(database, identity: identity)
    do throws(DatabaseError) {
      return try Connection(database)
    } catch {
      throw AccountStoreError(error)
    }
  }
}
