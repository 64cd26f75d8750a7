import Foundation
import Testing

/// What a login may be, through the release binary: reserved names from a file, Unix
/// names, a database from the previous version, and the form's explanation on screen.
@Suite("Logins end to end", .cleansUp)
struct LoginsEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("logins")
  }

  func path(_ name: String) -> String { folder.path(name) }
  var database: String { path("accounts.sqlite") }

  /// Runs the binary with `input` on stdin (written to a file first, so its bytes are
  /// exact: a decomposed é stays decomposed).
  func run(_ arguments: String, input: String) throws -> (status: Int32, output: String) {
    let file = path("input-\(UUID().uuidString)")
    try Data(input.utf8).write(to: URL(fileURLWithPath: file))
    return try command("/bin/sh", ["-c", "\(Tmux.binary) \(arguments) < \(file) 2>&1"])
  }

  @Test("--reserved with a file that cannot be read: a usage error, exit 2, saying why")
  func reservedFileMissing() throws {
    let result = try command(
      Tmux.binary, ["--reserved", "/nonexistent/names", "--db", database, "--plain"])
    #expect(result.status == 2)
    #expect(
      result.output
        == "register: cannot read the reserved names in /nonexistent/names: No such file or directory\n"
    )
    #expect(!FileManager.default.fileExists(atPath: database), "nothing was opened")
  }

  @Test("--reserved FILE: its names, in any case or look, are not free")
  func reservedFile() throws {
    try "# our brand\nacme\n".write(toFile: path("names"), atomically: true, encoding: .utf8)
    for login in ["ACME", "root"] {
      let result = try run(
        "--plain --reserved \(path("names")) --db \(database)", input: "\(login)\n")
      #expect(result.status == 1)
      #expect(result.output.contains("  [ ] This name is reserved\n"), "\(login)")
    }
    // A Cyrillic е among Latin letters is refused by the characters rule before anyone is
    // asked whether it is free.
    let mixed = try run(
      "--plain --reserved \(path("names")) --db \(database)", input: "acm\u{435}\n")
    #expect(mixed.status == 1)
    #expect(mixed.output.contains("  [ ] Letters, digits and . _ -\n  [ ] Login is free\n"))
  }

  @Test("--unix-names: Debian's rule on the row, and the system's users and groups taken")
  func unixNames() throws {
    let upper = try run("--plain --unix-names --db \(database)", input: "Alice\n")
    #expect(upper.status == 1)
    #expect(
      upper.output.contains(
        "  [ ] Lowercase a-z, digits, - and _\n  [ ] Login is free\nBegin with a lowercase letter a-z\n"
      ))
    // Debian's base-passwd makes both: the user sync and the group users (neither reserved).
    for name in ["sync", "users"] {
      try #require(getpwnam(name) != nil || getgrnam(name) != nil, "\(name) missing here")
      let taken = try run("--plain --unix-names --db \(database)", input: "\(name)\n")
      #expect(taken.status == 1)
      #expect(taken.output.contains("  [ ] A system user or group has this name\n"), "\(name)")
    }
    let free = try run(
      "--plain --unix-names --db \(database)", input: "zq7user\nZq7vLm2pR\nZq7vLm2pR\n")
    #expect(free.status == 0)
  }

  @Test("a database from the previous version: every account signs in, collisions are taken")
  func migration() throws {
    // Real hashes, made by this binary in a scratch database (of passwords the host's
    // policy accepts: it refuses the rest).
    func hash(_ password: String, _ index: Int) throws -> String {
      let made = try run(
        "--plain --json --db \(path("scratch.sqlite"))",
        input: "scratch\(index)\n\(password)\n\(password)\n")
      let line = try #require(
        made.output.split(separator: "\n").last { $0.hasPrefix("{") }, "\(made.output)")
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: String]
      return object["password_hash"]!
    }
    let accounts = [
      ("Jos\u{E9}", "Qx4mJose9T"), ("Jose\u{301}", "Vr8kDeco2W"), ("bob", "Bn3tBobz7Y"),
    ]
    // The schema exactly as register 0.1.0 wrote it: a database that differs is refused.
    var sql = """
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        login TEXT NOT NULL,
        login_key TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);

      """
    for (index, (login, password)) in accounts.enumerated() {
      sql += "INSERT INTO accounts (login, login_key, password_hash, created_at) VALUES "
      sql +=
        "('\(login)', '\(login.lowercased())', '\(try hash(password, index))', '2025-01-01T00:00:00Z');\n"
    }
    sql += "PRAGMA user_version = 1;\n"
    FileManager.default.createFile(
      atPath: database, contents: nil, attributes: [.posixPermissions: 0o600])
    #expect(try command("/usr/bin/sqlite3", [database, sql]).status == 0)

    for (login, password) in accounts {
      let signedIn = try run(
        "--plain --sign-in --json --db \(database)", input: "\(login)\n\(password)\n")
      #expect(signedIn.status == 0, "\(login)")
      let line = signedIn.output.split(separator: "\n").last { $0.hasPrefix("{") }
      let object = try line.map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
      }
      #expect(object??["login"].map { Array($0.utf8) } == Array(login.utf8), "\(login)")
    }
    let byIdentity = try run(
      "--plain --sign-in --json --db \(database)", input: "BOB\nBn3tBobz7Y\n")
    #expect(byIdentity.status == 0)
    #expect(byIdentity.output.contains("{\"login\":\"bob\""))
    let taken = try run("--plain --db \(database)", input: "JOSÉ\n")
    #expect(taken.status == 1)
    #expect(taken.output.contains("  [ ] This login is taken.\n"))
    let count = try command("/usr/bin/sqlite3", [database, "SELECT count(*) FROM accounts"])
    #expect(count.output == "3\n")
  }

  @Test("on the form: the reason under the button, and the Sign in link still on screen")
  func form() throws {
    let tmux = try Tmux()
    try tmux.shell("clear; \(Tmux.binary) --db \(tmux.directory)/accounts.sqlite")
    try tmux.wait(forText: "Create account")
    try tmux.type("Жoра")
    try tmux.wait(forText: "Mixes alphabets, such as Latin and Cyrillic")
    let lines = try tmux.screen()
    #expect(lines.contains { $0.contains("✗ Letters, digits and . _ -") })
    #expect(lines[23].contains("Already have an account? Sign in"))
    try tmux.keys("Escape")
    try tmux.wait(for: "the form to close") { !$0.contains { $0.contains("Create account") } }
  }
}
