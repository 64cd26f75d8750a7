import Foundation
import Testing

/// Real accounts through the real binary: a database in a temporary folder, checked with
/// the sqlite3 command, then used again to see the login taken and to sign in.
@Suite("Accounts end to end", .serialized, .cleansUp)
struct AccountsEndToEndTests {
  @Test("sign up, see the hash in the database, find the login taken, sign in")
  func accountLifecycle() throws {
    let tmux = try Tmux()
    let database = "\(tmux.directory)/accounts.sqlite"
    let out = "\(tmux.directory)/out"
    let status = "\(tmux.directory)/status"
    func run(_ arguments: String) throws {
      try tmux.shell(
        "clear; \(Tmux.binary) --db \(database) \(arguments) > \(out); echo $? > \(status)")
    }
    func finished() throws -> Int? {
      try tmux.wait(for: "the program to end") { _ in
        FileManager.default.fileExists(atPath: status)
          && !((try? String(contentsOfFile: status, encoding: .utf8)) ?? "").isEmpty
      }
      defer { try? FileManager.default.removeItem(atPath: status) }
      return Int(
        try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines))
    }

    // Sign up.
    try run("--json")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Tab", "Enter")
    #expect(try finished() == 0)

    // The database holds a yescrypt hash, never the password.
    let rows = try command(
      "/usr/bin/sqlite3", [database, "SELECT login, password_hash FROM accounts"])
    #expect(rows.status == 0)
    #expect(rows.output.hasPrefix("alice|$y$"))
    #expect(!rows.output.contains("Zq7vLm2pR"))
    let raw = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(raw.range(of: Data("Zq7vLm2pR".utf8)) == nil)
    let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    // Again: the login is taken, in any case.
    try run("--json")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✗ This login is taken.")
    try tmux.keys("C-u")
    try tmux.type("ALICE")
    try tmux.wait(for: "ALICE to be found taken") { lines in
      lines.contains { $0.contains("ALICE") }
        && lines.contains { $0.contains("✗ This login is taken.") }
    }
    try tmux.keys("Escape")
    #expect(try finished() == 1)

    // Sign in: a wrong password first, then the right one.
    try run("--sign-in")
    try tmux.wait(forText: "Sign in")
    try tmux.type("ALICE")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2p")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "Wrong login or password.")
    // Back in the password, cleared: type it again, and Enter signs in.
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Enter")
    #expect(try finished() == 0)
    let signedIn = try String(contentsOfFile: out, encoding: .utf8)
    #expect(
      signedIn == "Signed in as alice.\n"
        || signedIn.hasPrefix("{\"login\":\"alice\",\"signed_in_at\":\""))
  }

  @Test("a database that cannot be opened: exit 3 with the path and the reason")
  func unopenable() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let corrupt = folder.appendingPathComponent("corrupt.sqlite").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: corrupt))
    chmod(corrupt, 0o600)
    let result = try command(Tmux.binary, ["--db", corrupt])
    #expect(result.status == 3)
    #expect(result.output.contains(corrupt))
    #expect(result.output.contains("it is not a SQLite database"))
  }
}
