import Registration

/// Where the accounts are: an SQLite file (the default, embedded) or a PostgreSQL database
/// shared by many hosts. What `--db` and `REGISTER_DB` say.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
  case file(path: String)
  case postgres(PostgresURI)

  /// A `postgresql://` or `postgres://` URI is a PostgreSQL database; anything else is a path.
  public init(_ text: String) {
    self = PostgresURI(text).map(Self.postgres) ?? .file(path: text)
  }

  /// For messages: the path, or the URI without its password.
  public var description: String {
    switch self {
    case .file(let path): path
    case .postgres(let uri): uri.redacted
    }
  }

  /// Opens the store, logins compared by `identity`: checks the file (made with the first
  /// account, in folders made then too if `createsFolders`), or connects to the server;
  /// brings the schema up to date either way. `options` holds it to a limit per hour; a
  /// server that is away is waited for up to `failoverWait` seconds in each call.
  public func open(
    identity: any LoginIdentity, createsFolders: Bool = false,
    options: StoreOptions = StoreOptions(), failoverWait: Int = 30
  ) throws(AccountStoreError) -> any ClosableAccountStore {
    switch self {
    case .file(let path):
      try AccountService(
        path: path, identity: identity, createsFolders: createsFolders, options: options)
    case .postgres(let uri):
      try AccountService(
        uri: uri, identity: identity, failoverWait: failoverWait, options: options)
    }
  }
}
