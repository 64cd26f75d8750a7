import Registration

/// The database layout, as a list of migrations. `PRAGMA user_version` holds how many
/// have run; opening a database runs the rest, all in one transaction that records it.
enum Schema {
  static let migrations: [Migration] = [
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
    """,
    // 2: Unicode identity (NFKC case fold) in `login_key`, lookalikes by skeleton.
    .loginIdentity,
  ]

  static var version: Int { migrations.count }

  /// Brings `database` to the current version; `identity` computes the keys of logins
  /// already stored.
  static func migrate(_ database: Database, identity: any LoginIdentity) throws(AccountStoreError) {
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
      for migration in migrations[current...] { try migration.run(database, identity) }
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

/// One step of the schema: SQL, or work SQL cannot do alone.
struct Migration: ExpressibleByStringLiteral, Sendable {
  let run: @Sendable (Database, any LoginIdentity) throws(DatabaseError) -> Void

  init(_ run: @escaping @Sendable (Database, any LoginIdentity) throws(DatabaseError) -> Void) {
    self.run = run
  }

  init(stringLiteral sql: String) {
    run = { database, _ throws(DatabaseError) in try database.execute(sql) }
  }
}
