import Accounts
import CSQLite
import Foundation
import Testing

/// Another process holding the database: the store waits for it, as long as SQLite's busy
/// timeout, rather than failing at once. Twenty first sign-ups racing on a new file found
/// the connection that only inspects the file, which had no timeout.
@Suite("The database file: another process's lock")
struct DatabaseLockTests {
  @Test("a database another process holds for a moment is waited for when opened, not refused")
  func heldForAMoment() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("accounts.sqlite")
    let store = try SQLiteAccountStore(path: path, identity: policy)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    // Another process: its read keeps the -wal from being folded in when the store closes,
    // then it holds the file alone for a moment.
    var holder: OpaquePointer?
    try #require(sqlite3_open(path, &holder) == SQLITE_OK)
    for sql in ["BEGIN", "SELECT count(*) FROM accounts"] {
      try #require(sqlite3_exec(holder, sql, nil, nil, nil) == SQLITE_OK, "\(sql)")
    }
    store.close()
    for sql in ["COMMIT", "PRAGMA locking_mode = EXCLUSIVE", "BEGIN EXCLUSIVE"] {
      try #require(sqlite3_exec(holder, sql, nil, nil, nil) == SQLITE_OK, "\(sql)")
    }
    try #require(DatabaseFileTests.size(path + "-wal") > 0)
    let held = UnsafeSendable(holder)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { sqlite3_close(held.value) }
    let again = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try again.isLoginTaken("alice"))
  }
}

/// A value handed to another thread that the test knows is used there alone.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
