import Registration
import Synchronization

// The store's state, lookups and deletion, and the lock every call runs under; opening the
// file, the statements, sign-up and sign-in are in its extensions.

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
  let clock: @Sendable () -> Int
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

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    let key = identity.identityKey(login)
    return try withConnection { connection throws(DatabaseError) in
      try connection.delete.bind(key, login)
      _ = try connection.delete.step()
      return connection.database.changes > 0
    } ?? false
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
}
