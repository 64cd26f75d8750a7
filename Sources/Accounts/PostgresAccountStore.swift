import Registration
import Synchronization

/// Accounts in a PostgreSQL database, shared by many hosts, by the SQLite store's rules:
/// logins unique by identity and by look (the keys `identity` computes, in UNIQUE
/// columns), yescrypt hashes, a decoy hash for unknown logins, failed sign-ins throttled
/// (ThrottlePolicy) across hosts. One connection per store, made again when it breaks.
/// Safe to share between threads.
public final class PostgresAccountStore: ClosableAccountStore, CustomStringConvertible {
  /// Where the accounts are, with no password in it.
  public let uri: PostgresURI
  let identity: any LoginIdentity
  let clock: @Sendable () -> Int
  /// Nil once closed.
  private let connection: Mutex<Connection?>
  private let retry: RetryPolicy

  /// Connects to the database at `uri` and brings its schema up to date. Throws when the
  /// server cannot be reached (after at most `connectTimeout` seconds, unless the URI or
  /// `PGCONNECT_TIMEOUT` gives another) or the schema is from a newer version. `identity`
  /// says when two logins are one account and when they look alike; `clock` gives the
  /// seconds since 1970 (the throttle's: hosts sharing a database should agree on it).
  public convenience init(
    uri: PostgresURI, identity: any LoginIdentity, connectTimeout: Int = 5,
    clock: (@Sendable () -> Int)? = nil
  ) throws(AccountStoreError) {
    try self.init(
      uri: uri, identity: identity, connectTimeout: connectTimeout, clock: clock,
      retry: RetryPolicy())
  }

  init(
    uri: PostgresURI, identity: any LoginIdentity, connectTimeout: Int,
    clock: (@Sendable () -> Int)?, retry: RetryPolicy
  ) throws(AccountStoreError) {
    self.uri = uri
    self.identity = identity
    self.clock = clock ?? Timestamp.seconds
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

  /// Ends the connection. Later calls fail.
  public func close() {
    connection.withLock { $0 = nil }
  }

  // MARK: AccountStore

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try availability(of: login) == .taken
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    let (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    // PostgreSQL's text cannot hold a NUL, so neither can an account's keys.
    guard !Self.hasNUL(key, skeleton) else { return .free }
    let found = try run { connection, _ throws(PostgresError) in
      try connection.query(PostgresSQL.availability, [key, skeleton]).first
    }
    if found?[0] == "t" { return .taken }
    return found?[1] == "t" ? .lookalike : .free
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try create(login: login, password: password, origin: nil)
  }

  package func createAccount(login: String, passwordHash: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try insert(login: login, passwordHash: passwordHash, origin: nil)
  }

  func insert(login: String, passwordHash: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  {
    let prepared = try PreparedLogin(
      login: login, passwordHash: passwordHash, identity: identity, now: clock())
    let (key, skeleton, since) = (prepared.key, prepared.skeleton, prepared.since)
    let values = [prepared.login, key, skeleton, passwordHash, prepared.account.createdAt]
    let created = try run { connection, attempt throws(PostgresError) -> Bool? in
      let inserted =
        if let origin {
          try Self.insert(
            values + [origin.address, origin.limit.map(String.init) ?? "", since],
            locking: origin.limit == nil ? nil : origin.address, on: connection)
        } else {
          try !connection.query(PostgresSQL.createAccount, values).isEmpty
        }
      if inserted { return true }
      // A try after a lost connection: the first may have committed before the answer was
      // lost. The hash has a fresh salt, so a row holding it can only be this account.
      if attempt > 0, try connection.query(PostgresSQL.findAccount, [key]).first?[1] == passwordHash
      {
        return true
      }
      guard origin?.limit != nil else { return false }
      // Nothing inserted: the login is taken or looks like one (said first, as without a
      // limit), or else the address has made its share.
      let found = try connection.query(PostgresSQL.availability, [key, skeleton]).first
      return found?[0] == "t" || found?[1] == "t" ? false : nil
    }
    switch created {
    case .some(true): return prepared.account
    // No row: an account has the identity or the skeleton; one statement, so no race.
    case .some(false): throw .loginTaken
    case .none: throw .addressLimitReached(limit: origin?.limit ?? 0)
    }
  }

  public func createAccount(login: String, password: String, origin: SignUpOrigin)
    throws(AccountStoreError) -> CreatedAccount
  {
    try create(login: login, password: password, origin: origin)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    guard !Self.hasNUL(address) else { return 0 }
    let since = PreparedLogin.windowStart(now: clock())
    let count = try run { connection, _ throws(PostgresError) in
      try connection.query(PostgresSQL.accountsCreatedFrom, [address, since]).first?[0] ?? nil
    }
    return count.flatMap { Int($0) } ?? 0
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    let key = identity.identityKey(login)
    guard !Self.hasNUL(key, login) else { return false }
    return try run { connection, _ throws(PostgresError) in
      try !connection.query(PostgresSQL.deleteAccount, [key, login]).isEmpty
    }
  }

  /// Throws `.throttled` without checking the password while the login is locked (see
  /// ThrottlePolicy).
  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try verify(login: login, password: password)?.account
  }

  /// A sign-in that also gives the hash the password was checked against (a change of
  /// password stores its new hash only over that one).
  func verify(login: String, password: String) throws(AccountStoreError)
    -> (account: SignedInAccount, hash: String)?
  {
    let key = try PreparedLogin.signInKey(login: login, password: password, identity: identity)
    // No account can have such a key (see availability), nor can the throttle count it.
    guard !Self.hasNUL(key) else {
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
    if let seconds = try claim(key, now: clock()) { throw .throttled(retryAfterSeconds: seconds) }
    let row = try run { connection, _ throws(PostgresError) in
      try connection.query(PostgresSQL.findAccount, [key]).first
    }
    guard let row, let registered = row[0], let hash = row[1] else {
      // No such login: as long as a wrong password.
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
    guard PasswordHash.verify(password, against: hash) else { return nil }
    try run { connection, _ throws(PostgresError) in
      _ = try connection.query(PostgresSQL.clearFailures, [key])
    }
    return (SignedInAccount(login: registered, signedInAt: Timestamp.string(clock())), hash)
  }

  // MARK: Inside

  /// Counts an attempt for `key` at `now`, as if it failed. Nil if it may go on; otherwise
  /// the seconds until it may, and nothing is counted.
  private func claim(_ key: String, now: Int) throws(AccountStoreError) -> Int? {
    let locks = "{" + ThrottlePolicy.locks.map(String.init).joined(separator: ",") + "}"
    let forgotten = String(ThrottlePolicy.forgottenBefore(now))
    return try run { connection, _ throws(PostgresError) -> Int? in
      _ = try connection.query(PostgresSQL.forgetFailures, [forgotten])
      // A lock read after the claim found it may have been cleared meanwhile by a right
      // password on another host: then the claim is made again.
      for _ in 0..<4 {
        let claimed = try connection.query(PostgresSQL.claimAttempt, [key, String(now), locks])
        if !claimed.isEmpty { return nil }
        let until = try connection.query(PostgresSQL.lockedUntil, [key]).first?[0] ?? nil
        if let until = until.flatMap({ Int($0) }), until > now { return until - now }
      }
      throw PostgresError(
        kind: .server, sqlState: nil, message: "the sign-in throttle kept changing; try again")
    }
  }

  /// `createAccountFrom` with `values`; with an address to lock, in a transaction that
  /// holds the address's lock first, so that the count and the insert are one step.
  private static func insert(
    _ values: [String], locking address: String?, on connection: PostgresConnection
  ) throws(PostgresError) -> Bool {
    guard let address else {
      return try !connection.query(PostgresSQL.createAccountFrom, values).isEmpty
    }
    do throws(PostgresError) {
      try connection.execute("BEGIN")
      _ = try connection.query(PostgresSQL.addressLock, [address])
      let inserted = try !connection.query(PostgresSQL.createAccountFrom, values).isEmpty
      try connection.execute("COMMIT")
      return inserted
    } catch {
      if connection.isOpen { try? connection.execute("ROLLBACK") }
      throw error
    }
  }

  private static func hasNUL(_ texts: String...) -> Bool {
    texts.contains { $0.utf8.contains(0) }
  }

  /// The connection. Unchecked: only ever touched inside the store's mutex.
  private final class Connection: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
  }

  /// Runs `body` on the connection, alone, connecting again first if it broke, and tries
  /// again as the retry policy says; PostgreSQL's complaint becomes the store's.
  @discardableResult
  func run<T: Sendable>(
    _ body: (PostgresConnection, _ attempt: Int) throws(PostgresError) -> T
  )
    throws(AccountStoreError) -> T
  {
    do throws(PostgresError) {
      return try connection.withLock { held throws(PostgresError) in
        guard let held else {
          throw PostgresError(
            kind: .server, sqlState: nil, message: "the account database is closed")
        }
        return try retry.run { attempt throws(PostgresError) in
          if !held.connection.isOpen { try held.connection.reconnect() }
          return try body(held.connection, attempt)
        }
      }
    } catch {
      // A server that is down or cut off may be back for the next try; the form says so.
      switch error.kind {
      case .unreachable, .connectionLost: throw .unreachable(error.message)
      case .server, .noLibrary: throw .unavailable(error.message)
      }
    }
  }
}
