import Foundation
import Testing

/// Signals that stop or end the release binary at the worst moments: Ctrl-Z while a
/// password is read with echo off, SIGTERM while the account is being written.
@Suite("Signals end to end", .serialized, .cleansUp)
struct SignalEndToEndTests {
  static let password = "Zq7vLm2pR"

  /// The process id of the program started with `--db database`, or -1.
  static func pid(using database: String) throws -> Int32 {
    let found = try command("/usr/bin/pgrep", ["-f", "--", "^\(Tmux.binary) .*--db \(database)"])
    return Int32(found.output.split(separator: "\n").first.map(String.init) ?? "") ?? -1
  }

  /// The state letter and the CPU ticks (user + system) so far, from /proc/PID/stat.
  static func stat(_ pid: Int32) -> (state: String, ticks: Int)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    // After "pid (comm) ": state is field 3, utime 14, stime 15.
    let fields = text[text.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return (String(fields[0]), user + system)
  }

  static func accounts(in database: String) throws -> String {
    try command("/usr/bin/sqlite3", [database, "SELECT login FROM accounts"]).output
  }

  @Test("Ctrl-Z at a password prompt stops the program; after fg echo is still off")
  func suspendAtPasswordPrompt() throws {
    let tmux = try Tmux()
    let folder = tmux.directory
    let database = "\(folder)/accounts.sqlite"
    // One job: `a; b` would go on to b (the status of a stopped a) at Ctrl-Z. A wrapper
    // also lets the shell take the terminal back before the program has handled Ctrl-Z.
    try tmux.shell(
      "stty -a > \(folder)/stty-before; "
        + "sh -c '\(Tmux.binary) --plain --db \(database) > \(folder)/out; echo $? > \(folder)/status'"
    )
    try tmux.wait(forText: "Login:")
    try tmux.type("alice")
    try tmux.keys("Enter")
    try tmux.wait(forText: "Password:")
    let pid = try Self.pid(using: database)
    try #require(pid > 0)

    try tmux.keys("C-z")
    try tmux.wait(for: "the program to stop (state T)") { _ in Self.stat(pid)?.state == "T" }
    // Stopped, not spinning: no CPU tick is spent while it waits for fg.
    let first = try #require(Self.stat(pid))
    Thread.sleep(forTimeInterval: 0.5)
    let later = try #require(Self.stat(pid))
    #expect(later.state == "T")
    #expect(later.ticks == first.ticks, "CPU ticks while stopped")
    try tmux.wait(for: "the shell to say the job stopped") { lines in
      lines.contains { $0.lowercased().contains("stopped") }
    }
    // Stopped with the terminal as it was: echo on at the shell's prompt.
    try tmux.shell("stty -a > \(folder)/stty-stopped")
    // The shell makes the file before stty writes it: wait for what stty prints last.
    try tmux.wait(for: "stty to run") { _ in
      (try? String(contentsOfFile: "\(folder)/stty-stopped", encoding: .utf8))?.contains("echoctl")
        == true
    }
    let before = try String(contentsOfFile: "\(folder)/stty-before", encoding: .utf8)
    let stopped = try String(contentsOfFile: "\(folder)/stty-stopped", encoding: .utf8)
    #expect(stopped == before)

    try tmux.shell("fg")
    try tmux.wait(for: "the program to run again") { _ in Self.stat(pid)?.state == "S" }
    try tmux.type(Self.password)
    try tmux.keys("Enter")
    try tmux.wait(forText: "[x] One uppercase letter")
    #expect(try !tmux.screen().joined().contains("Zq7v"), "the password is not shown after fg")
    try tmux.wait(forText: "Confirm password:")
    try tmux.type(Self.password)
    try tmux.keys("Enter")
    try tmux.wait(for: "the program to end") { _ in
      FileManager.default.fileExists(atPath: "\(folder)/status")
    }
    #expect(try !tmux.screen().joined().contains("Zq7v"))
    let status = try String(contentsOfFile: "\(folder)/status", encoding: .utf8)
    #expect(status == "0\n")
    let out = try String(contentsOfFile: "\(folder)/out", encoding: .utf8)
    #expect(out.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
    #expect(try Self.accounts(in: database) == "alice\n")
  }

  @Test(
    "Ctrl-C or a signal at a password prompt: echo comes back, exit 128+N",
    arguments: [("C-c", 2), ("TERM", 15), ("HUP", 1)])
  func endAtPasswordPrompt(ending: String, number: Int) throws {
    let tmux = try Tmux()
    let folder = tmux.directory
    let database = "\(folder)/accounts.sqlite"
    // The shell gives up the rest of a line that a signal ended: what follows is asked after.
    try tmux.shell(
      "stty -a > \(folder)/stty-before; \(Tmux.binary) --plain --db \(database) > \(folder)/out")
    try tmux.wait(forText: "Login:")
    try tmux.type("alice")
    try tmux.keys("Enter")
    try tmux.wait(forText: "Password:")
    try tmux.type("Zq7")
    let pid = try Self.pid(using: database)
    try #require(pid > 0)
    if ending == "C-c" {
      try tmux.keys("C-c")
    } else {
      _ = try command("/bin/kill", ["-\(ending)", "\(pid)"])
    }
    try tmux.wait(for: "the program to end") { _ in kill(pid, 0) != 0 }
    try tmux.shell("echo $? > \(folder)/status; stty -a > \(folder)/stty-after")
    try tmux.wait(for: "stty to run") { _ in
      (try? String(contentsOfFile: "\(folder)/stty-after", encoding: .utf8))?.contains("echoctl")
        == true
    }
    let status = try String(contentsOfFile: "\(folder)/status", encoding: .utf8)
    #expect(status == "\(128 + number)\n")
    let before = try String(contentsOfFile: "\(folder)/stty-before", encoding: .utf8)
    #expect(try String(contentsOfFile: "\(folder)/stty-after", encoding: .utf8) == before)
    #expect(try !tmux.screen().joined().contains("Zq7"))
  }

  /// Starts the program in `mode` ("" for the form, "--plain"), fills it in, presses the
  /// Enter that signs up, and returns its process id the moment the account starts being
  /// written (shown just before; looked for with no pause, as the hashing that follows
  /// takes tens of milliseconds).
  static func signUpUntilWriting(_ tmux: Tmux, mode: String) throws -> Int32 {
    let folder = tmux.directory
    let database = "\(folder)/accounts.sqlite"
    try tmux.shell(
      "\(Tmux.binary) \(mode) --json --db \(database) > \(folder)/out; echo $? > \(folder)/status")
    if mode == "--plain" {
      try tmux.wait(forText: "Login:")
      try tmux.type("alice")
      try tmux.keys("Enter")
      try tmux.wait(forText: "[x] Login is free")
      try tmux.type(password)
      try tmux.keys("Enter")
      try tmux.wait(forText: "Confirm password:")
      try tmux.type(password)
    } else {
      try tmux.wait(forText: "Create account")
      try tmux.type("alice")
      try tmux.keys("Tab")
      try tmux.type(password)
      try tmux.keys("Tab")
      try tmux.type(password)
      try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
      try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
      try tmux.keys("Tab")  // to Sign up
    }
    let pid = try Self.pid(using: database)
    try tmux.keys("Enter")
    let writing = mode == "--plain" ? "[x] Matches the password" : "Creating the account"
    let deadline = Date().addingTimeInterval(10)
    while try !tmux.screen().joined().contains(writing), Date() < deadline {}
    return pid
  }

  /// What the run left: the account in the database, and whether stdout reported it.
  static func outcome(_ tmux: Tmux) throws -> (stored: String, printed: Bool, out: String) {
    let out = (try? String(contentsOfFile: "\(tmux.directory)/out", encoding: .utf8)) ?? ""
    let stored = try accounts(in: "\(tmux.directory)/accounts.sqlite")
    return (stored, out.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"), out)
  }

  /// SIGTERM right after the Enter that signs up, while the password is hashed (tens of
  /// milliseconds): the account may or may not be made, but what is printed says which.
  @Test(
    "SIGTERM right after Sign up: an account made is printed, and the exit is 143",
    arguments: ["", "--plain"])
  func terminateWhileCreating(mode: String) throws {
    let tmux = try Tmux()
    let pid = try Self.signUpUntilWriting(tmux, mode: mode)
    try #require(pid > 0)
    _ = try command("/bin/kill", ["-TERM", "\(pid)"])
    try tmux.wait(for: "the program to end") { _ in
      FileManager.default.fileExists(atPath: "\(tmux.directory)/status")
    }
    let status = try String(contentsOfFile: "\(tmux.directory)/status", encoding: .utf8)
    let (stored, printed, out) = try Self.outcome(tmux)
    #expect(stored == (printed ? "alice\n" : ""), "stored: \(stored), printed: \(out)")
    #expect(printed || out.isEmpty, "nothing else on stdout: \(out)")
    // The signal ends the program even when the account was made first, unless it came
    // too late to matter (the program had already ended with the account).
    #expect(status == "143\n" || (printed && status == "0\n"), "status \(status)")
  }

  /// The terminal hangs up (SIGHUP, and the end of input) right after Sign up.
  @Test("the terminal hangs up right after Sign up: an account made is printed")
  func hangUpWhileCreating() throws {
    let tmux = try Tmux()
    let pid = try Self.signUpUntilWriting(tmux, mode: "")
    try #require(pid > 0)
    try tmux.run(["kill-server"])
    try tmux.wait(for: "the program to end") { _ in kill(pid, 0) != 0 }
    let (stored, printed, out) = try Self.outcome(tmux)
    #expect(stored == (printed ? "alice\n" : ""), "stored: \(stored), printed: \(out)")
    #expect(printed || out.isEmpty, "nothing else on stdout: \(out)")
  }
}
