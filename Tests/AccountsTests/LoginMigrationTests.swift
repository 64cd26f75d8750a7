import Accounts
import CSQLite
import Foundation
import Registration
import Testing

/// A database from before the identity rules (schema 1: unique by `lowercased()`), made
/// from SQL as the previous program made it, with logins that now collide.
@Suite("Migrating logins from schema 1")
struct LoginMigrationTests {
  /// Logins the old program let coexist, each with its own password.
  static let oldAccounts: [(login: String, password: String)] = [
    ("Jos\u{E9}", "Composed1"),  // José typed composed
    ("Jose\u{301}", "Decomposed2"),  // José typed decomposed: the same identity now
    ("Straße", "Eszett333"),
    ("STRASSE", "Capitals44"),  // the same identity as Straße now
    ("alice", "Alice5555"),
    ("ＡＬＩＣＥ", "FullWidth6"),  // the same identity as alice now
    ("paypal", "Paypal777"),
    ("p\u{430}ypal", "Cyrillic88"),  // looks like paypal
    ("bob", "Bobbobbob9"),
  ]

  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("accounts.sqlite")
  }

  @Test("every old account survives, and signs in with its exact login")
  func everyAccountSignsIn() throws {
    try makeVersionOneDatabase()
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try query("SELECT count(*) FROM accounts") == "\(Self.oldAccounts.count)")
    #expect(try Int(query("PRAGMA user_version"))! >= 2)
    for (login, password) in Self.oldAccounts {
      let signedIn = try store.signIn(login: login, password: password)
      #expect(signedIn.map { Array($0.login.utf8) } == Array(login.utf8), "\(login)")
      // Another old account's password does not open it.
      #expect(try store.signIn(login: login, password: "Bobbobbob9") == nil || login == "bob")
    }
  }

  @Test(
    "a new sign-up colliding with any old account is taken",
    arguments: ["JOSÉ", "jos\u{E9}", "jose\u{301}", "strasse", "STRAßE", "Alice", "ａｌｉｃｅ", "BOB"])
  func collidingSignUpTaken(login: String) throws {
    try makeVersionOneDatabase()
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try store.availability(of: login) == .taken)
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: login, password: "Secret123")
    }
  }

  @Test("a lookalike of an old account is not free; other logins are")
  func lookalikesAfterMigration() throws {
    try makeVersionOneDatabase()
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try store.availability(of: "PAYPA1") == .lookalike)
    #expect(try store.availability(of: "b\u{43E}b") == .lookalike)
    #expect(try store.availability(of: "carol") == .free)
    _ = try store.createAccount(login: "carol", password: "Secret123")
    #expect(try store.signIn(login: "CAROL", password: "Secret123")?.login == "carol")
  }

  @Test("sign-in by identity: one old account answers to any spelling; two need the exact one")
  func signInWhereOldAccountsCollide() throws {
    try makeVersionOneDatabase()
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try store.signIn(login: "BOB", password: "Bobbobbob9")?.login == "bob")
    // JOSÉ is neither of the two old José accounts exactly: nobody is signed in.
    #expect(try store.signIn(login: "JOSÉ", password: "Composed1") == nil)
    #expect(try store.signIn(login: "JOSÉ", password: "Decomposed2") == nil)
  }

  @Test("opened again, the migrated database is left as it is")
  func reopen() throws {
    try makeVersionOneDatabase()
    _ = try SQLiteAccountStore(path: path, identity: policy)
    let before = try query("SELECT group_concat(login_key || ':' || login_rank, ',') FROM accounts")
    let again = try SQLiteAccountStore(path: path, identity: policy)
    #expect(
      try query("SELECT group_concat(login_key || ':' || login_rank, ',') FROM accounts") == before)
    #expect(try again.signIn(login: "STRASSE", password: "Capitals44")?.login == "STRASSE")
  }

  @Test("a migration that fails changes nothing: one transaction")
  func failedMigrationChangesNothing() throws {
    try makeVersionOneDatabase(
      extra: "CREATE TRIGGER refuse BEFORE UPDATE ON accounts BEGIN SELECT RAISE(ABORT, 'no'); END;"
    )
    let before = try query("SELECT group_concat(login || '|' || login_key, ',') FROM accounts")
    #expect(throws: AccountStoreError.self) {
      try SQLiteAccountStore(path: path, identity: policy)
    }
    #expect(try query("PRAGMA user_version") == "1")
    #expect(
      try query("SELECT group_concat(login || '|' || login_key, ',') FROM accounts") == before)
    #expect(try query("SELECT count(*) FROM pragma_table_info('accounts')") == "5")
  }

  // MARK: The old database

  /// Schema 1 exactly as the first program wrote it, with the old accounts (keys by
  /// `lowercased()`, real yescrypt hashes).
  private func makeVersionOneDatabase(extra: String = "") throws {
    let scratch = try SQLiteAccountStore(path: folder.path("scratch.sqlite"), identity: policy)
    var inserts = ""
    for (index, (login, password)) in Self.oldAccounts.enumerated() {
      let hash = try scratch.createAccount(login: "scratch\(index)", password: password)
        .passwordHash
      inserts += """
        INSERT INTO accounts (login, login_key, password_hash, created_at)
        VALUES ('\(login)', '\(login.lowercased())', '\(hash)', '2025-01-01T00:00:00Z');

        """
    }
    FileManager.default.createFile(
      atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    try execute(
      """
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        login TEXT NOT NULL,
        login_key TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);
      \(inserts)
      \(extra)
      PRAGMA user_version = 1;
      """)
  }

  private func execute(_ sql: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLFailure(message: "open") }
    defer { sqlite3_close(handle) }
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
      defer { sqlite3_free(error) }
      throw SQLFailure(message: error.map { String(cString: $0) } ?? "?")
    }
  }

  /// The first column of the first row, as text.
  private func query(_ sql: String) throws -> String {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLFailure(message: "open") }
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw SQLFailure(message: String(cString: sqlite3_errmsg(handle)))
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { return "" }
    return sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
  }

  struct SQLFailure: Error {
    let message: String
  }
}
