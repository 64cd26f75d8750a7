import Foundation
import TestSupport
import Testing

/// The release binary (fully static, loading libpq at run time) against a real PostgreSQL:
/// `--db URI`, `REGISTER_DB` with libpq's own variables, processes racing, a server that is
/// not there or goes away while the form is open.
@Suite("PostgreSQL end to end", .cleansUp)
struct PostgresEndToEndTests {
  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  @Test("sign up through --db URI; the same login, in another case, is taken on the next run")
  func signUp() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    let created = try sh(
      "printf 'alice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>/dev/null"
    )
    #expect(created.status == 0, "\(created.output)")
    #expect(created.output.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
    let rows = try server.psql(uri, "SELECT login, login_key, password_hash FROM accounts")
    #expect(rows.hasPrefix("alice|alice|$y$"))
    #expect(!rows.contains("Zq7vLm2pR"))

    let taken = try sh(
      "printf 'ALICE\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>&1 >/dev/null"
    )
    #expect(taken.status == 1)
    #expect(
      taken.output.contains(
        "Login: ALICE\n  [x] At least 4 characters\n  [x] Letters, digits and . _ -\n"
          + "  [ ] This login is taken."), "\(taken.output)")
    #expect(try server.psql(uri, "SELECT count(*) FROM accounts") == "1")
  }

  @Test("REGISTER_DB when --db is absent, with libpq's PGHOST and PGUSER")
  func environment() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    let database = uri.split(separator: "?")[0].split(separator: "/").last!
    let result = try sh(
      "printf 'bob1\\nZq7vLm2pR\\nZq7vLm2pR\\n' | REGISTER_DB='postgresql:///\(database)' "
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
      "printf 'dave\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db '\(uri)' 2>&1 >/dev/null"
    )
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("NOTICE"), "\(result.output)")
  }

  @Test("a server that cannot be reached: exit 3, where and why, never the password")
  func unreachable() throws {
    let result = try sh(
      "\(Tmux.binary) --plain --failover-wait 1 "
        + "--db 'postgresql://carol:hunter2@/accounts?host=/nonexistent' < /dev/null 2>&1 >/dev/null"
    )
    #expect(result.status == 3)
    #expect(
      result.output.hasPrefix(
        "register: cannot open the account database postgresql://carol:***@/accounts?host=/nonexistent: "
          + "server unreachable (connection to server on socket \"/nonexistent/.s.PGSQL.5432\" failed: "
          + "No such file or directory."),
      "\(result.output)")
    #expect(!result.output.contains("hunter2"))
  }

  @Test("20 processes racing for one login: one account, the 19 others told it is taken")
  func race() throws {
    let server = try PostgresServer.shared()
    let uri = try server.makeDatabase()
    let folder = try TemporaryDirectory()
    // Each a host signing up `frank` (or `FRANK`, the same identity) at once, line by line.
    let result = try sh(
      """
      cd '\(folder.path)' && for i in $(seq 20); do
        login=frank; [ $((i % 2)) = 0 ] && login=FRANK
        (printf "$login\\nZq7vLm2pR\\nZq7vLm2pR\\n" | \(Tmux.binary) --plain --db '\(uri)' \
          > out.$i 2> err.$i; echo $? > status.$i) &
      done; wait; cat status.*
      """)
    let statuses = result.output.split(separator: "\n").map(String.init)
    #expect(statuses.count == 20, "\(result.output)")
    #expect(statuses.filter { $0 == "0" }.count == 1, "\(statuses)")
    #expect(statuses.filter { $0 == "1" }.count == 19, "\(statuses)")
    #expect(try server.psql(uri, "SELECT count(*) FROM accounts") == "1")
    // Each loser was told, at its check or at its INSERT: "This login is taken." or "The
    // login was just taken."
    let told = try sh("grep -il 'login.*taken' '\(folder.path)'/err.* | wc -l").output
    #expect(told.trimmingCharacters(in: .whitespacesAndNewlines) == "19")
  }

  @Test(
    "the server stopped while the form is open: it says so, keeps everything typed, and the next try works once it is back",
    .timeLimit(.minutes(2)))
  func serverStoppedMidSession() throws {
    let server = try PostgresServer()
    defer { server.remove() }
    let uri = try server.makeDatabase()
    let tmux = try Tmux()
    let (out, status) = (tmux.directory + "/out", tmux.directory + "/status")
    try tmux.shell(
      "\(Tmux.binary) --db '\(uri)' --failover-wait 1 --json > \(out); echo $? > \(status); "
        + "clear; echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")

    try server.stop()
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Enter")  // in the last field: Sign up
    try tmux.wait(forText: "Account not created: server unreachable")
    var screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("alice") && screen.components(separatedBy: "•••••••••").count == 3)

    // Another login, checked while the server is gone: the row cannot be met, and says why.
    try tmux.keys("BTab", "BTab")
    try tmux.type("2")
    try tmux.wait(forText: "Login not checked: server unreachable")
    screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("✗ Login is free"), "\(screen)")
    #expect(screen.contains("alice2") && screen.components(separatedBy: "•••••••••").count == 3)

    // Back: Create account checks the login again and creates the account, nothing retyped.
    try server.start()
    try tmux.keys("Tab", "Tab", "Tab")
    try tmux.wait(forText: "[ Create account ]")
    try tmux.keys("Enter")
    try tmux.wait(forText: "=42=")
    let written = try String(contentsOfFile: status, encoding: .utf8)
    #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{\"login\":\"alice2\","))
    #expect(try server.psql(uri, "SELECT login FROM accounts") == "alice2")
  }

  @Test(
    "line by line, the server away past failover-wait: exit 3, said once, not 'unmet'",
    .timeLimit(.minutes(2)))
  func serverAwayLineByLine() throws {
    let server = try PostgresServer()
    defer { server.remove() }
    let uri = try server.makeDatabase()
    let tmux = try Tmux()
    let (errors, status) = (tmux.directory + "/errors", tmux.directory + "/status")
    // A script's answer through a pipe (head), typed once the store is open.
    try tmux.shell(
      "head -n 1 | \(Tmux.binary) --plain --password-policy off --failover-wait 1 --db '\(uri)' "
        + "> /dev/null 2> \(errors); echo $? > \(status); clear; echo =$((40+2))=")
    for _ in 0..<200 {
      let written = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      if written.contains("Login: ") { break }
      usleep(50_000)
    }
    try server.stop()
    try tmux.type("alice")
    try tmux.keys("Enter")
    try tmux.wait(forText: "=42=")
    let written = try String(contentsOfFile: status, encoding: .utf8)
    #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    let said = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(said.contains("Login not checked: server unreachable ("), "\(said)")
    #expect(!said.contains("does not meet its requirements"), "\(said)")
  }

  @Test(
    "over TCP (libpq tries Kerberos and TLS first): the form outlives the worker threads that connected",
    .timeLimit(.minutes(2)))
  func overTCP() throws {
    let server = try PostgresServer(tcp: true)
    defer { server.remove() }
    let name = try server.makeDatabase().split(separator: "?")[0].split(separator: "/").last!
    let uri = try #require(server.tcpURI(String(name)))
    let tmux = try Tmux()
    let (out, status) = (tmux.directory + "/out", tmux.directory + "/status")
    try tmux.shell(
      "\(Tmux.binary) --db '\(uri)' --failover-wait 1 --json > \(out); echo $? > \(status); "
        + "clear; echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    // Idle, the program's worker threads end after a few seconds: the one that connected
    // crashed the static binary as it ended (Kerberos had its thread key in libdispatch's).
    let program = try #require(Self.process(running: uri))
    for _ in 0..<300 where !FileManager.default.fileExists(atPath: status) {
      if Self.threads(of: program) <= 2 { break }
      usleep(100_000)
    }
    #expect(!FileManager.default.fileExists(atPath: status), "the program ended by itself")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Enter")
    try tmux.wait(forText: "=42=")
    let written = try String(contentsOfFile: status, encoding: .utf8)
    #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(try server.psql(String(name), "SELECT login FROM accounts") == "alice")
  }

  /// The process whose command line holds `text`.
  static func process(running text: String) -> Int32? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).first { pid in
      let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
      return String(decoding: line, as: UTF8.self).contains(text) && pid != getpid()
    }
  }

  /// How many threads `pid` has now (0 once it is gone).
  static func threads(of pid: Int32) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
  }
}
