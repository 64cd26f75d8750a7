import Registration

/// A store the program closes before it exits: SQLite then folds its `-wal` into the file
/// and removes it, PostgreSQL's connection ends. Later calls fail as unavailable.
public protocol ClosableAccountStore: AccountStore {
  func close()
}

/// A store that creates an account from a hash made beforehand: for the benchmark, which
/// times the store without yescrypt. The program always goes through `createAccount(login:password:)`.
package protocol PrehashedAccountStore: AccountStore {
  func createAccount(login: String, passwordHash: String) throws(AccountStoreError)
    -> CreatedAccount
}
