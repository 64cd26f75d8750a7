import Digest
import Dispatch
import Registration
import Synchronization
import TestSupport
import Testing

@testable import Accounts

#if canImport(Glibc)
  import Glibc
#endif

/// What only the PostgreSQL store has: many hosts, a server that goes away, retries.
@Suite("PostgreSQL store")
struct PostgresAccountStoreTests {
  let server: PostgresServer
  let uri: PostgresURI

  init() throws {
    server = try PostgresServer.shared()
    uri = try #require(PostgresURI(try server.makeDatabase()))
  }

  @Test("many hosts opening a new database at once: the migrations run exactly once")
  func migratesOnce() throws {
    // A list of its own whose second step counts how often it ran.
    let migrations = ["CREATE TABLE runs (n integer)", "INSERT INTO runs VALUES (1)"]
    let results = try concurrently(12) { _ in
      try PostgresConnection(uri: uri)
    } run: { connection in
      Result { () throws(PostgresError) in
        try PostgresSchema.migrate(connection, migrations: migrations)
      }
    }
    #expect(results.allSatisfy { (try? $0.get()) != nil }, "\(results)")
    #expect(try server.psql(uri.text, "SELECT count(*) FROM runs") == "1")
    #expect(try server.psql(uri.text, "SELECT version FROM register_schema") == "2")
  }

  @Test("many stores opening a new database at once all start, on one schema")
  func storesOpenTogether() throws {
    let uri = uri
    let results = try concurrently(12) { _ in
      ()
    } run: { _ in
      Result { () throws(AccountStoreError) in
        try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
      }
    }
    #expect(results.allSatisfy { (try? $0.get()) != nil }, "\(results)")
    #expect(
      try server.psql(uri.text, "SELECT version FROM register_schema")
        == "\(PostgresSchema.migrations.count)")
  }

  @Test("a database from a newer version of the program is refused and left as it was")
  func newerSchemaRefused() throws {
    _ = try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    let known = PostgresSchema.migrations.count
    try server.psql(uri.text, "UPDATE register_schema SET version = \(known + 1)")
    #expect(
      throws: AccountStoreError.unavailable(
        "it was written by a newer version of register (schema \(known + 1), this one knows \(known))"
      )
    ) {
      try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    }
    #expect(try server.psql(uri.text, "SELECT version FROM register_schema") == "\(known + 1)")
  }

  @Test("schema 2 to 3: a throttle row keyed by another's digest is kept apart, not a 23505")
  func digestMigrationWithPlantedKey() throws {
    let connection = try PostgresConnection(uri: uri)
    try PostgresSchema.migrate(connection, migrations: Array(PostgresSchema.migrations.prefix(2)))
    // Two failed sign-ins before the upgrade: one as "alice", one as her key's digest.
    let digest = SHA256.hex("alice")
    try server.psql(
      uri.text, "INSERT INTO sign_in_failures VALUES ('alice', 2, 100), ('\(digest)', 1, 200)")
    try PostgresSchema.migrate(connection)
    #expect(
      try server.psql(
        uri.text, "SELECT key_digest, failures, locked_until FROM sign_in_failures ORDER BY 3")
        == "\(digest)|2|100\n\(SHA256.hex(digest))|1|200")
    #expect(
      try server.psql(uri.text, "SELECT version FROM register_schema")
        == "\(PostgresSchema.migrations.count)")
  }

  @Test(
    "under a default of REPEATABLE READ, twelve sign-ups at once from one address make the limit")
  func addressLimitUnderRepeatableRead() throws {
    let database = uri.text.split(separator: "?")[0].split(separator: "/").last!
    try server.psql(
      uri.text,
      "ALTER DATABASE \"\(database)\" SET default_transaction_isolation = 'repeatable read'")
    _ = try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    let uri = uri
    let results = try concurrently(12) { index in
      (try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy()), index)
    } run: { store, index in
      Result { () throws(AccountStoreError) in
        try store.createAccount(
          login: "user\(index)", password: "Secret123",
          origin: SignUpOrigin(address: "192.0.2.7", limit: 3))
      }
    }
    #expect(results.count { (try? $0.get()) != nil } == 3, "\(results)")
    #expect(results.count { $0 == .failure(.addressLimitReached(limit: 3)) } == 9)
    #expect(try server.psql(uri.text, "SELECT count(*) FROM accounts") == "3")
  }

  @Test("a serialization failure (40001) is retried: the loser of a race is told it is taken")
  func serializationFailureRetried() throws {
    // SERIALIZABLE, as CockroachDB always is: a conflicting row that a concurrent
    // transaction commits makes INSERT … ON CONFLICT fail with 40001.
    let serializable = try #require(
      PostgresURI(uri.text + "&options=-c%20default_transaction_isolation%3Dserializable"))
    let store = try PostgresAccountStore(uri: serializable, identity: FakeLoginPolicy())
    let holder = try PostgresConnection(uri: uri)
    try holder.execute("BEGIN")
    _ = try holder.query(
      """
      INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
      VALUES ($1, $2, $3, $4, $5::timestamptz)
      """, ["dave", "dave", "dave", "$y$fake", "2026-01-01T00:00:00Z"])
    let outcome = Mutex<Result<CreatedAccount, AccountStoreError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let result = Result { () throws(AccountStoreError) in
        try store.createAccount(login: "Dave", password: "Secret123")
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    // The store's INSERT waits for the holder's row; then the holder commits.
    try waitUntil {
      try server.psql(
        uri.text, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'") == "1"
    }
    try holder.execute("COMMIT")
    done.wait()
    #expect(outcome.withLock { $0 } == .failure(.loginTaken))
  }

  @Test("retries are bounded, and only for 40001 and lost connections")
  func retryPolicy() throws {
    let connection = try PostgresConnection(uri: uri)
    let policy = RetryPolicy(attempts: 3, firstDelayMicroseconds: 1000)
    func attempts(raising sqlState: String, until success: Int = .max) -> (Int, PostgresError?) {
      var count = 0
      do {
        try policy.run { attempt throws(PostgresError) in
          count += 1
          if attempt + 1 >= success { return }
          try connection.execute(
            "DO $$ BEGIN RAISE EXCEPTION 'test' USING ERRCODE = '\(sqlState)'; END $$")
        }
        return (count, nil)
      } catch {
        return (count, error)
      }
    }
    let serialization = attempts(raising: "40001")
    #expect(serialization.0 == 3)
    #expect(serialization.1?.sqlState == "40001")
    #expect(attempts(raising: "40001", until: 2) == (2, nil))
    let unique = attempts(raising: "23505")
    #expect(unique.0 == 1)
    #expect(unique.1?.isUniqueViolation == true)
    #expect(attempts(raising: "42601").0 == 1)  // a syntax error: final
  }

  @Test("a connection the server dropped is replaced and the call goes through")
  func droppedConnection() throws {
    let store = try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "alice", password: "Secret123")
    try terminateOtherConnections()
    #expect(try store.isLoginTaken("alice"))
    try terminateOtherConnections()
    _ = try store.createAccount(login: "bob", password: "Secret123")
    try terminateOtherConnections()
    #expect(try store.signIn(login: "bob", password: "Secret123")?.login == "bob")
  }

  @Test("a parameter with a NUL reaches the server whole, which refuses it: never cut short")
  func nulParameter() throws {
    let connection = try PostgresConnection(uri: uri)
    #expect(try connection.query("SELECT $1", ["alice"]) == [["alice"]])
    do throws(PostgresError) {
      _ = try connection.query("SELECT $1", ["al\u{0}ice"])
      Issue.record("a NUL was accepted")
    } catch {
      // 22021: character not in repertoire (invalid byte sequence for UTF8: 0x00).
      #expect(error.sqlState == "22021", "\(error)")
    }
  }

  @Test("closed: the connection ends, and later calls say so")
  func close() throws {
    let store = try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "alice", password: "Secret123")
    let connections = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
    #expect(try server.psql(uri.text, connections) == "2")  // the store's and psql's
    store.close()
    try waitUntil { try server.psql(uri.text, connections) == "1" }
    #expect(throws: AccountStoreError.unavailable("the account database is closed")) {
      try store.isLoginTaken("alice")
    }
  }

  @Test("with one C library (this dynamic test binary), loading libpq takes no thread keys")
  func oneCLibrary() throws {
    _ = try PostgresConnection(uri: uri)
    var key = pthread_key_t()
    #expect(pthread_key_create(&key, nil) == 0)
    pthread_key_delete(key)
    #expect(key < 32, "the keys were split as if libpq had a C library of its own")
  }

  @Test("the store is described by its URI without the password")
  func description() throws {
    let withPassword = try #require(
      PostgresURI(uri.text.replacing("postgres@", with: "postgres:topsecret@")))
    let store = try PostgresAccountStore(uri: withPassword, identity: FakeLoginPolicy())
    #expect(!store.description.contains("topsecret"))
    #expect(store.description.hasPrefix("postgresql://postgres:***@/"))
  }

  /// What a server restart or an administrator does to the store's connection.
  private func terminateOtherConnections() throws {
    let database = uri.text.split(separator: "?")[0].split(separator: "/").last!
    try server.psql(
      uri.text,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE datname = '\(database)' AND pid <> pg_backend_pid()")
  }
}
