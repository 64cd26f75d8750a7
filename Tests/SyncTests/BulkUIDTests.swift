import Accounts
import Registration
import TestSupport
import Testing

/// Many accounts made active in one transaction (a bulk load, an import), as an admin's
/// `INSERT … SELECT` does: every one gets its own uid, the uids follow on from each other,
/// and the one row of `unix_settings` is written once a statement, not once a row (each
/// write in one transaction leaves a version of that row the next one steps over: a
/// million accounts would take the square of that).
@Suite("Bulk uids")
struct BulkUIDTests {
  @Test("two bulk inserts in one transaction: unique, dense uids; unix_settings written twice")
  func bulkInsert() throws {
    let server = try PostgresServer.shared()
    let database = try server.makeDatabase()
    // Opening the store brings the schema up to date.
    try AccountService(uri: try #require(PostgresURI(database)), identity: FakeLoginPolicy())
      .close()
    func insert(_ range: ClosedRange<Int>) -> String {
      """
      INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
      SELECT 'bulk' || i, 'bulk' || i, 'bulk' || i, '$y$j9T$fake', now()
      FROM generate_series(\(range.lowerBound), \(range.upperBound)) AS i;
      """
    }
    let written = try server.psql(
      database,
      "BEGIN; \(insert(1...1500)) \(insert(1501...3000))"
        + " SELECT n_tup_upd FROM pg_stat_xact_user_tables WHERE relname = 'unix_settings';"
        + " COMMIT;")
    #expect(written.split(separator: "\n").last.flatMap { Int($0) } ?? .max <= 2)
    let uids = try server.psql(database, "SELECT uid FROM accounts ORDER BY uid")
      .split(separator: "\n").compactMap { Int($0) }
    #expect(uids == Array(20000..<23000))
    // The next sign-up follows on from them.
    let next = try server.psql(database, "SELECT next_uid FROM unix_settings")
    #expect(next == "23000")
  }
}
