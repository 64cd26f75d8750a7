import Registration

/// The database layout, as a list of migrations. `PRAGMA user_version` holds how many
/// have run; opening a database runs the rest, each in the transaction that records it.
enum Schema {
  static let migrations: [String] = [
    // 1: accounts. `login` is kept as typed; `login_key` (the login in lower case) is
    // what is unique, so ALICE and alice cannot both exist.
    """
    CREATE TABLE accounts (
      id INTEGER PRIMARY KEY,
      login TEXT NOT NULL,
      login_key TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);
    """
  ]

  static var version: Int { migrations.count }

  /// Brings `database` to the current version.
  static func migrate(_ database: Database) throws(AccountStoreError) {
    // Usually there is nothing to do: a read says so without taking the write lock.
    if (try? database.integer("PRAGMA user_version")) == version { return }
    do {
      // IMMEDIATE: two processes opening a new file at once must not both migrate it.
      try database.execute("BEGIN IMMEDIATE")
      let current = try database.integer("PRAGMA user_version")
      guard current <= version else {
        try database.execute("ROLLBACK")
        throw AccountStoreError.unavailable(
          "it was written by a newer version of register (schema \(current), this one knows \(version))"
        )
      }
      for migration in migrations[current...] { try database.execute(migration) }
      try database.execute("PRAGMA user_version = \(version)")
      try database.execute("COMMIT")
    } catch let error as DatabaseError {
      try? database.execute("ROLLBACK")
      throw AccountStoreError(error)
    } catch let error as AccountStoreError {
      throw error
    } catch {
      throw .unavailable("\(error)")
    }
  }
}
