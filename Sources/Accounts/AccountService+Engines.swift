import Registration

// Opening the service on an engine: an SQLite file or a PostgreSQL database.

extension AccountService {
  /// Accounts in the SQLite file at `path`, opened if it is there, checked (see
  /// DatabaseFile) and brought up to date; otherwise it is made (mode 0600) with the first
  /// account. Its folder must exist, unless `createsFolders` (the default place): then it
  /// is made too (0700), also only with the first account. `identity` says when two logins
  /// are one account and when they look alike. `clock` gives the seconds since 1970.
  public convenience init(
    path: String, identity: any LoginIdentity, createsFolders: Bool = false,
    clock: (@Sendable () -> Int)? = nil, options: StoreOptions = StoreOptions()
  ) throws(AccountStoreError) {
    try self.init(
      path: path, identity: identity, createsFolders: createsFolders, clock: clock,
      hasher: YescryptHasher(), options: options)
  }

  /// `init(path:...)` with the hasher given (the tests count its calls).
  convenience init(
    path: String, identity: any LoginIdentity, createsFolders: Bool = false,
    clock: (@Sendable () -> Int)?, hasher: any PasswordHasher,
    options: StoreOptions = StoreOptions()
  ) throws(AccountStoreError) {
    let table = try SQLiteAccountTable(
      path: path, identity: identity, createsFolders: createsFolders)
    self.init(table: table, identity: identity, clock: clock, hasher: hasher, options: options)
  }

  /// Accounts in the PostgreSQL database at `uri`, shared by many hosts; its schema is
  /// brought up to date. A server that is away (down, unreachable, not answering, or not
  /// the one that takes writes, as in a failover) is waited for, connecting again, for up
  /// to `failoverWait` seconds in each call, this one included (each host of the URI is
  /// given `connectTimeout` seconds, unless the URI or `PGCONNECT_TIMEOUT` gives another);
  /// then the call throws `.unreachable`. Throws at once when the schema is from a newer
  /// version. Hosts sharing a database should agree on `clock`.
  public convenience init(
    uri: PostgresURI, identity: any LoginIdentity, connectTimeout: Int = 5,
    failoverWait: Int = 30, clock: (@Sendable () -> Int)? = nil,
    options: StoreOptions = StoreOptions()
  ) throws(AccountStoreError) {
    try self.init(
      uri: uri, identity: identity, connectTimeout: connectTimeout, clock: clock,
      retry: RetryPolicy(failoverWait: .seconds(failoverWait)), hasher: YescryptHasher(),
      options: options)
  }

  /// `init(uri:...)` with the retry policy and the hasher given.
  convenience init(
    uri: PostgresURI, identity: any LoginIdentity, connectTimeout: Int = 5,
    clock: (@Sendable () -> Int)?, retry: RetryPolicy = RetryPolicy(),
    hasher: any PasswordHasher, options: StoreOptions = StoreOptions()
  ) throws(AccountStoreError) {
    let table = try PostgresAccountTable(uri: uri, connectTimeout: connectTimeout, retry: retry)
    self.init(table: table, identity: identity, clock: clock, hasher: hasher, options: options)
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
}
