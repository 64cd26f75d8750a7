/// Brings a PostgreSQL database to the current schema: the migrations not yet run, all in
/// one transaction, under an advisory lock, so that of many hosts starting at once exactly
/// one migrates. A database from a newer version of the program is refused.
enum PostgresSchema {
  /// Migrates if needed. `migrations` is the list to apply (the tests give their own).
  static func migrate(
    _ connection: PostgresConnection, migrations: [String] = PostgresSQL.migrations
  ) throws(PostgresError) {
    // Usually there is nothing to do: a read says so without the lock, and a role allowed
    // only to read and write accounts can still start.
    if let current = try? version(connection) {
      if current == migrations.count { return }
      if current > migrations.count { throw newer(current, than: migrations.count) }
    }
    do throws(PostgresError) {
      try connection.execute("BEGIN")
      _ = try connection.query(PostgresSQL.migrationLock)
      try connection.execute(PostgresSQL.createSchemaTable)
      let current = try version(connection) ?? 0
      guard current <= migrations.count else { throw newer(current, than: migrations.count) }
      for migration in migrations[current...] { try connection.execute(migration) }
      _ = try connection.query(PostgresSQL.setSchemaVersion, [String(migrations.count)])
      try connection.execute("COMMIT")
    } catch {
      if connection.isOpen { try? connection.execute("ROLLBACK") }
      throw error
    }
  }

  /// How many migrations the database has had.
  static func version(_ connection: PostgresConnection) throws(PostgresError) -> Int? {
    try connection.query(PostgresSQL.schemaVersion).first?.first?.flatMap { Int($0) }
  }

  private static func newer(_ current: Int, than known: Int) -> PostgresError {
    PostgresError(
      kind: .server, sqlState: nil,
      message:
        "it was written by a newer version of register (schema \(current), this one knows \(known))"
    )
  }
}
