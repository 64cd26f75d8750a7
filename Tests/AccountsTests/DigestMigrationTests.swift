import Registration
import TestSupport
import Testing

@testable import Accounts

/// A store from before throttle keys were digests and addresses normalised: its records
/// and its accounts are carried over, a lock in force included.
@Suite("Migrating throttle records and addresses to digests and networks")
struct DigestMigrationTests {
  let clock = TestClock()

  @Test("SQLite, schema 4 to 5: a raw key becomes its digest, the lock holds, addresses are one")
  func sqlite() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("accounts.sqlite")
    try DatabaseFile.create(path)
    do {
      let database = try Database(path: path)
      try database.execute(Schema.Version1.accounts + ";" + Schema.Version1.index)
      for migration in Schema.migrations[1..<4] { try migration.run(database, policy) }
      try database.execute(
        "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 4")
      try insertOldRows { sql in try database.execute(sql) }
    }
    let store = try AccountService(path: path, identity: policy, clock: clock.readNow)
    try expectCarriedOver(store) { try AccountsTests.sqlite(path, $0) }
    #expect(try AccountsTests.sqlite(path, "PRAGMA user_version") == "\(Schema.version)")
  }

  @Test("PostgreSQL, schema 2 to 3: a raw key becomes its digest, the lock holds")
  func postgres() throws {
    let server = try PostgresServer.shared()
    let database = try server.makeDatabase()
    let uri = try #require(PostgresURI(database))
    do {
      let connection = try PostgresConnection(uri: uri)
      try PostgresSchema.migrate(connection, migrations: Array(PostgresSchema.migrations.prefix(2)))
      try insertOldRows { sql in try connection.execute(sql) }
    }
    let store = try AccountService(uri: uri, identity: policy, clock: clock.readNow)
    try expectCarriedOver(store) { try server.psql(database, $0) }
    #expect(
      try server.psql(database, "SELECT version FROM register_schema")
        == "\(PostgresSchema.migrations.count)")
  }

  /// alice, signed up from `2001:DB8::1` just now, locked for 600 more seconds; a record
  /// of a login with no account.
  private func insertOldRows(_ execute: (String) throws -> Void) throws {
    let hash = try PasswordHash.make("Secret123")
    try execute(
      """
      INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at, client_address)
      VALUES ('alice', 'alice', '\(policy.skeleton("alice"))', '\(hash)',
        '\(Timestamp.string(clock.now - 60))', '2001:DB8::1');
      INSERT INTO sign_in_failures (login_key, failures, locked_until)
      VALUES ('alice', 6, \(clock.now + 600)), ('nobody', 2, \(clock.now));
      """)
  }

  private func expectCarriedOver(_ store: AccountService, query: (String) throws -> String)
    throws
  {
    #expect(
      try query("SELECT key_digest FROM sign_in_failures ORDER BY key_digest")
        == [try sha256sum("alice"), try sha256sum("nobody")].sorted().joined(separator: "\n"))
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 600)) {
      try store.signIn(login: "alice", password: "Secret123")
    }
    #expect(try store.accountsCreated(from: "2001:DB8::1") == 1)
    clock.advance(600)
    #expect(try store.signIn(login: "alice", password: "Secret123")?.login == "alice")
    // Accounts from before states are active.
    #expect(try store.account("alice")?.state == .active)
  }
}
