import Foundation
import Testing

/// The database file through the real binary: paths that cannot be used, files left
/// behind, and a sign-in lock that holds across runs.
@Suite("Database file end to end", .serialized, .cleansUp)
final class DatabaseFileEndToEndTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-db-e2e-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Runs the binary with `arguments`, its input from `input` (a pipe: line by line).
  func run(_ arguments: String, input: String = "") throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", "printf '\(input)' | \(Tmux.binary) \(arguments)"])
  }

  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("--db in a folder that does not exist: exit 3, the folder named, nothing made")
  func missingFolder() throws {
    let path = "\(directory)/missing/dir/x.sqlite"
    let result = try run("--db \(path)")
    #expect(result.status == 3)
    #expect(
      result.output
        == "register: cannot open the account database \(path): the folder \(directory)/missing/dir does not exist (only the default folder is created)\n"
    )
    #expect(entries(directory).isEmpty)
  }

  @Test("--db /nonexistent/dir/x.sqlite, as root too: nothing is made")
  func nonexistent() throws {
    try #require(!FileManager.default.fileExists(atPath: "/nonexistent"))
    defer { try? FileManager.default.removeItem(atPath: "/nonexistent") }
    let result = try run("--db /nonexistent/dir/x.sqlite")
    #expect(result.status == 3)
    #expect(result.output.contains("the folder /nonexistent/dir does not exist"))
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent"))
  }

  @Test("--db naming a folder: exit 3, it says it is a folder, nothing made in it")
  func folder() throws {
    for path in [directory, "/tmp"] {
      let result = try run("--db \(path)")
      #expect(result.status == 3)
      #expect(
        result.output
          == "register: cannot open the account database \(path): it is a folder: give the path of a file\n"
      )
    }
    #expect(entries(directory).isEmpty)
    let russian = try run("--lang ru --db \(directory)")
    #expect(russian.output.contains("это папка: укажите путь к файлу"))
  }

  @Test("a database others can read: exit 3 with the reason; the file is left as it was")
  func readableByOthers() throws {
    let path = "\(directory)/accounts.sqlite"
    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    chmod(path, 0o644)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try run("--db \(path)")
    #expect(result.status == 3)
    #expect(result.output.contains("it can be read or written by other users (mode 0644)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(entries(directory) == ["accounts.sqlite"])
  }

  @Test("after a sign-up, a failed script and a sign-in, no -wal or -shm is left")
  func noCompanionsLeft() throws {
    let path = "\(directory)/accounts.sqlite"
    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    #expect(entries(directory) == ["accounts.sqlite"])
    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 1)
    #expect(entries(directory) == ["accounts.sqlite"])
    #expect(try run("--plain --sign-in --db \(path)", input: "ALICE\\nZq7vLm2pR\\n").status == 0)
    #expect(entries(directory) == ["accounts.sqlite"])
  }

  @Test("Esc on a new path leaves no file; Esc on a database leaves no -wal or -shm")
  func escape() throws {
    let tmux = try Tmux()
    let path = "\(tmux.directory)/accounts.sqlite"
    try tmux.shell("\(Tmux.binary) --db \(path); echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Escape")
    try tmux.wait(forText: "=42=")
    #expect(!FileManager.default.fileExists(atPath: path))

    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    try tmux.shell("clear; \(Tmux.binary) --db \(path); echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "This login is taken.")
    try tmux.keys("Escape")
    try tmux.wait(forText: "=42=")
    #expect(entries(tmux.directory).filter { $0.hasPrefix("accounts") } == ["accounts.sqlite"])
  }

  @Test("ended by SIGTERM or Ctrl-C: the -wal and -shm it had go too", arguments: ["TERM", "C-c"])
  func signalled(ending: String) throws {
    let tmux = try Tmux()
    let path = "\(tmux.directory)/accounts.sqlite"
    let pid = "\(tmux.directory)/pid"
    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    try tmux.shell(
      "sh -c 'echo $$ > \(pid); exec \(Tmux.binary) --db \(path)'; echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "This login is taken.")
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "open, it has a -wal")
    if ending == "TERM" {
      let process = try String(contentsOfFile: pid, encoding: .utf8)
      kill(pid_t(process.trimmingCharacters(in: .whitespacesAndNewlines))!, SIGTERM)
    } else {
      try tmux.keys(ending)
    }
    try tmux.wait(forText: "=42=")
    #expect(entries(tmux.directory).filter { $0.hasPrefix("accounts") } == ["accounts.sqlite"])
  }

  @Test("wrong passwords lock the login, and the lock holds for the next run")
  func throttle() throws {
    let tmux = try Tmux()
    let path = "\(tmux.directory)/accounts.sqlite"
    #expect(try run("--plain --db \(path)", input: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    try tmux.shell("\(Tmux.binary) --sign-in --db \(path); echo =$((40+2))=")
    try tmux.wait(forText: "Sign in")
    try tmux.type("alice")
    try tmux.keys("Tab")
    // Each failure past the third locks for twice as long: within a dozen tries the
    // lock outlasts the time a try takes, however slow the machine. A failure clears the
    // password and puts the cursor back in it; Enter there signs in.
    var locked = false
    for _ in 0..<12 where !locked {
      try tmux.type("Wrong1234")
      try tmux.keys("Enter")
      try tmux.wait(for: "an answer") { lines in
        lines.contains { $0.contains("Wrong login or password.") || $0.contains("Too many") }
      }
      locked = try tmux.screen().contains { $0.contains("Too many attempts: try again in") }
    }
    #expect(locked)
    try tmux.keys("Escape", "Escape")
    try tmux.wait(forText: "=42=")

    // Another run, the right password: refused while the lock lasts (it is in the file).
    try command(
      "/usr/bin/sqlite3",
      [path, "UPDATE sign_in_failures SET locked_until = unixepoch() + 600"])
    let result = try run("--plain --sign-in --db \(path)", input: "alice\\nZq7vLm2pR\\n")
    #expect(result.status == 1)
    #expect(result.output.contains("Too many attempts: try again in 10 minutes."))
    #expect(!result.output.contains("Signed in"))
  }
}
