import Registration

/// A store the program closes before it exits: SQLite then folds its `-wal` into the file
/// and removes it, PostgreSQL's connection ends. Later calls fail as unavailable.
public protocol ClosableAccountStore: AccountStore {
  func close()
}

extension SQLiteAccountStore: ClosableAccountStore {}
