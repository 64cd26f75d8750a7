import Foundation
import TestSupport
import Testing

/// The release binary (fully static, loading libpq at run time) against a real PostgreSQL:
/// `--db URI`, `REGISTER_DB` with libpq's own variables, and a server that is not there.
@Suite("PostgreSQL end to end")
struct PostgresEndToEndTests {
  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  @Test("sign up through --db URI; the same login, in another case, is taken on the next run")
  func signUp() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    let created = try sh(
      "printf 'alice\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>/dev/null"
    )
    #expect(created.status == 0, "\(created.output)")
    #expect(created.output.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
    let rows = try server.psql(uri, "SELECT login, login_key, password_hash FROM accounts")
    #expect(rows.hasPrefix("alice|alice|$y$"))
    #expect(!rows.contains("Secret123"))

    let taken = try sh(
      "printf 'ALICE\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>&1 >/dev/null"
    )
    #expect(taken.status == 1)
    #expect(taken.output.contains("Login: ALICE\n  [x] At least 4 characters\n  [ ] Login is free"))
    #expect(try server.psql(uri, "SELECT count(*) FROM accounts") == "1")
  }

  @Test("REGISTER_DB when --db is absent, with libpq's PGHOST and PGUSER")
  func environment() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    let database = uri.split(separator: "?")[0].split(separator: "/").last!
    let result = try sh(
      "printf 'bob1\\nSecret123\\nSecret123\\n' | REGISTER_DB='postgresql:///\(database)' "
        + "PGHOST='\(server.directory)' PGUSER=postgres \(Tmux.binary) --plain 2>/dev/null")
    #expect(result.status == 0, "\(result.output)")
    #expect(try server.psql(uri, "SELECT login FROM accounts") == "bob1")
  }

  @Test("the server's notices never reach the terminal")
  func noNotices() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    // A version table already there: migrating says "already exists, skipping".
    try server.psql(
      uri,
      "CREATE TABLE register_schema (one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row), "
        + "version integer NOT NULL); INSERT INTO register_schema (version) VALUES (0)")
    let result = try sh(
      "printf 'dave\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>&1 >/dev/null"
    )
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("NOTICE"), "\(result.output)")
  }

  @Test("a server that cannot be reached: exit 3, where and why, never the password")
  func unreachable() throws {
    let result = try sh(
      "\(Tmux.binary) --plain --db 'postgresql://carol:hunter2@/accounts?host=/nonexistent' "
        + "< /dev/null 2>&1 >/dev/null")
    #expect(result.status == 3)
    #expect(
      result.output.hasPrefix(
        "register: cannot open the account database postgresql://carol:***@/accounts?host=/nonexistent: "
          + "connection to server on socket \"/nonexistent/.s.PGSQL.5432\" failed: "
          + "No such file or directory."),
      "\(result.output)")
    #expect(!result.output.contains("hunter2"))
  }
}
