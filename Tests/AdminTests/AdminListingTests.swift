import Accounts
import Admin
import Foundation
import Registration
import Synchronization
import TestSupport
import Testing

@Suite("register admin list and log over many rows, on every engine")
struct AdminListingTests {
  /// More rows than a FETCH on PostgreSQL (10,000) or a page on SQLite brings.
  static let bulk = 10_050

  /// `first` made through the store, then `bulk` accounts `userN` written in by SQL (the
  /// bench's way), the last of them created at 18:48:43.
  static func filled(_ engine: AdminEngine) throws -> AdminStore {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "first", password: "Zq7vLm2pR")
    let rows = """
      INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
      SELECT 'user' || i, 'user' || i, 'user' || replace(replace(i, '0', 'o'), '1', 'l'),
        '$y$j9T$fake', CASE WHEN i = \(bulk) THEN '2026-11-29T18:48:43Z'
          ELSE '2026-01-01T00:00:00Z' END
      """
    switch engine {
    case .sqlite:
      try ChildProcess.run(
        "/usr/bin/sqlite3",
        [
          store.place,
          "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(bulk)) "
            + rows + " FROM n",
        ])
    case .postgres:
      try PostgresServer.shared().psql(
        store.place,
        rows.replacingOccurrences(of: "replace(replace(i,", with: "replace(replace(i::text,")
          .replacingOccurrences(of: " END", with: " END::timestamptz")
          + " FROM generate_series(1, \(bulk)) AS i")
    }
    return store
  }

  @Test(
    "every account once, in the order made, its time as the store has it",
    arguments: AdminEngine.allCases)
  func everyAccountOnce(engine: AdminEngine) throws {
    let store = try Self.filled(engine)
    let objects = try store.admin("list", "--json").objects()
    #expect(objects.count == Self.bulk + 1)
    let logins = objects.compactMap { $0["login"] as? String }
    #expect(logins == ["first"] + (1...Self.bulk).map { "user\($0)" })
    #expect(objects[1]["created_at"] as? String == "2026-01-01T00:00:00Z")
    #expect(objects.last?["created_at"] as? String == "2026-11-29T18:48:43Z")
    #expect(
      objects[0]["created_at"] as? String == (try store.service.account("first")?.createdAt),
      "as show has it")
    let table = store.admin("list")
    #expect(table.lines.count == Self.bulk + 2, "a heading and a row each")
    #expect(table.lines.last?.hasPrefix("user\(Self.bulk) ") == true)
    #expect(table.lines.last?.contains("2026-11-29T18:48:43Z") == true)
  }

  @Test(
    "written a buffer at a time, a listing is the same bytes as line by line",
    arguments: AdminEngine.allCases)
  func buffered(engine: AdminEngine) throws {
    let store = try Self.filled(engine)
    _ = try store.service.ban(.login, "user7*", by: "alice")
    for words in [["list"], ["list", "--json"], ["log"], ["log", "--json"]] {
      let lines = store.admin(words).lines
      let bytes = Mutex<[UInt8]>([])
      let writes = Mutex(0)
      let output = AdminOutput(
        line: { line in bytes.withLock { $0 += Array((line + "\n").utf8) } },
        complaint: { Issue.record("complained: \($0)") },
        write: { chunk in
          bytes.withLock { $0 += Array(chunk) }
          writes.withLock { $0 += 1 }
        })
      let status = AdminCommand.run(
        arguments: words + ["--db", store.place], environment: [:], output: output)
      #expect(status == 0)
      let text = bytes.withLock { String(decoding: $0, as: UTF8.self) }
      #expect(text == lines.map { $0 + "\n" }.joined(), "\(words)")
      if words == ["list"] {
        #expect(writes.withLock { $0 } < Self.bulk / 100, "a buffer at a time, not a line")
      }
    }
  }

  @Test("a connection lost in the middle of a listing: it goes on after the last row, none twice")
  func connectionLostMidway() throws {
    let store = try Self.filled(.postgres)
    var logins: [String] = []
    try store.service.forEachAccount(state: nil, since: nil) { record throws(AccountStoreError) in
      logins.append(record.login)
      if logins.count == 1 {
        // The listing's server process ends under it (as in a failover or a restart).
        do {
          try PostgresServer.shared().psql(
            store.place,
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        } catch {
          Issue.record("psql: \(error)")
        }
      }
    }
    #expect(logins == ["first"] + (1...Self.bulk).map { "user\($0)" })
  }
}
