import Foundation
import Testing

/// Every way out of the form leaves the terminal as it was; sizes, colours, languages and
/// pipes behave. The release binary in tmux, with `stty -a` compared before and after.
@Suite("Terminal end to end", .serialized, .cleansUp)
struct TerminalEndToEndTests {
  /// A session with the form running in it, and the files the run leaves.
  struct Run {
    let tmux: Tmux
    var folder: String { tmux.directory }
    func file(_ name: String) -> String { "\(folder)/\(name)" }
    func contents(_ name: String) -> String {
      (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }

    /// Starts the form with `arguments`, recording `stty -a` before and after, and the status.
    init(
      _ arguments: String = "", environment: [String: String] = [:], width: Int = 80,
      height: Int = 24, sizeCommand: String? = nil
    )
      throws
    {
      tmux = try Tmux(width: width, height: height)
      // Set on the command line: tmux gives a pane its own TERM whatever it is told.
      let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
      try tmux.shell(
        (sizeCommand.map { "\($0); " } ?? "")
          + "stty -a > \(folder)/stty-before; env \(variables) \(Tmux.binary) --db \(folder)/accounts.sqlite"
          + " \(arguments) > \(folder)/out; echo $? > \(folder)/status; stty -a > \(folder)/stty-after"
      )
    }

    /// The process id of the form.
    func pid() throws -> Int32 {
      let found = try command("/usr/bin/pgrep", ["-f", "--", "--db \(folder)/accounts.sqlite"])
      return Int32(found.output.split(separator: "\n").first.map(String.init) ?? "") ?? -1
    }

    /// Waits for the form to end and returns its exit status.
    func status() throws -> Int? {
      try tmux.wait(for: "the program to end") { _ in
        !(contents("stty-after").isEmpty)
      }
      return Int(contents("status").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Checks what a person would find after the form: the shell's screen, not the
    /// alternate one; a visible cursor; no mouse reporting; the same terminal settings.
    func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
      let flags = try tmux.run([
        "display", "-p", "-t", "0",
        "#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag}",
      ])
      #expect(
        flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1 0 0",
        "alternate, cursor, mouse, SGR", sourceLocation: sourceLocation)
      #expect(contents("stty-before") == contents("stty-after"), sourceLocation: sourceLocation)
      #expect(!contents("stty-before").isEmpty, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "signals end the program with 128+N and a restored terminal",
    arguments: [
      ("TERM", 15), ("HUP", 1), ("QUIT", 3), ("INT", 2),
    ])
  func signals(name: String, number: Int) throws {
    let run = try Run()
    try run.tmux.wait(forText: "Create account")
    try run.tmux.type("alice")
    try run.tmux.wait(forText: "alice")
    _ = try command("/bin/kill", ["-\(name)", "\(try run.pid())"])
    #expect(try run.status() == 128 + number)
    try run.expectRestored()
    #expect(run.contents("out").isEmpty)
  }

  @Test(
    "a crash restores the terminal at once, says so, and the crash goes on",
    arguments: [
      "SEGV", "ILL", "ABRT",
    ])
  func crash(signal: String) throws {
    let run = try Run()
    try run.tmux.wait(forText: "Create account")
    let started = Date()
    _ = try command("/bin/kill", ["-\(signal)", "\(try run.pid())"])
    let status = try run.status()
    #expect(Date().timeIntervalSince(started) < 8, "no wait for a key")
    #expect(status.map { $0 > 128 } == true)
    try run.expectRestored()
    try run.tmux.wait(forText: "register crashed; the terminal was restored.")
  }

  @Test("the longest --idle-timeout (31 years): the form waits for keys as with any other")
  func longestIdleTimeout() throws {
    let run = try Run("--idle-timeout 1000000000")
    try run.tmux.wait(forText: "Create account")
    try run.tmux.type("alice")
    try run.tmux.wait(forText: "alice")
    try run.tmux.keys("Escape")
    #expect(try run.status() == 1)
    try run.expectRestored()
  }

  @Test("Esc and Ctrl-C restore the terminal, bracketed paste included")
  func keys() throws {
    for (key, expected) in [("Escape", 1), ("C-c", 130)] {
      let run = try Run()
      try run.tmux.wait(forText: "Create account")
      try run.tmux.keys(key)
      #expect(try run.status() == expected)
      try run.expectRestored()
      // With bracketed paste still on, a paste would arrive wrapped in ESC [ 200 ~.
      try run.tmux.shell("cat > \(run.folder)/pasted")
      try run.tmux.paste("after")
      try run.tmux.keys("Enter", "C-d")
      try run.tmux.wait(for: "the paste to land") { _ in run.contents("pasted").contains("after") }
      #expect(run.contents("pasted") == "after\n")
    }
  }

  @Test("Ctrl-Z suspends with the terminal restored; fg brings the form back intact")
  func suspend() throws {
    let tmux = try Tmux()
    let folder = tmux.directory
    try tmux.shell("stty -a > \(folder)/stty-before; \(Tmux.binary) --db \(folder)/accounts.sqlite")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type("Secr")
    try tmux.wait(forText: "••••")
    try tmux.keys("C-z")
    try tmux.wait(for: "the shell to say the job stopped") { lines in
      lines.contains { $0.lowercased().contains("stopped") }
    }
    let flags = try tmux.run(["display", "-p", "-t", "0", "#{alternate_on} #{mouse_any_flag}"])
    #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0")
    try tmux.shell("stty -a > \(folder)/stty-suspended")
    // The shell makes the file before stty writes to it: wait for what it writes.
    try tmux.wait(for: "stty to run") { _ in
      let written = try? String(contentsOfFile: "\(folder)/stty-suspended", encoding: .utf8)
      return written?.hasSuffix("\n") == true
    }
    let before = try String(contentsOfFile: "\(folder)/stty-before", encoding: .utf8)
    let suspended = try String(contentsOfFile: "\(folder)/stty-suspended", encoding: .utf8)
    #expect(before == suspended)
    try tmux.shell("fg")
    try tmux.wait(forText: "Create account")
    try tmux.wait(forText: "alice")
    try tmux.wait(forText: "••••")
    try tmux.type("et123")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶8̶")
    try tmux.keys("Escape")
  }

  @Test("10x4: a notice; back to 80x24: the form with everything typed")
  func resize() throws {
    let run = try Run()
    try run.tmux.wait(forText: "Create account")
    try run.tmux.type("alice")
    try run.tmux.run(["resize-window", "-t", "0", "-x", "10", "-y", "4"])
    try run.tmux.wait(forText: "Terminal")
    #expect(try !run.tmux.screen().joined().contains("alice"))
    try run.tmux.run(["resize-window", "-t", "0", "-x", "80", "-y", "24"])
    try run.tmux.wait(forText: "Create account")
    try run.tmux.wait(forText: "alice")
    try run.tmux.type("x")
    try run.tmux.wait(forText: "alicex")
    try run.tmux.keys("Escape")
    #expect(try run.status() == 1)
    try run.expectRestored()
  }

  /// The form's screen with its escape sequences.
  func coloredScreen(_ run: Run) throws -> String {
    try run.tmux.run(["capture-pane", "-e", "-p", "-t", "0"])
  }

  /// Whether `screen` holds an SGR sequence that sets a foreground colour (30-37, 90-97,
  /// 38;...). 39 and 49, the default colours, are how tmux resets and are not colour.
  static func hasColor(_ screen: String) -> Bool {
    screen.matches(of: /\u{1B}\[([0-9;]*)m/).contains { match in
      match.output.1.split(separator: ";").compactMap { Int($0) }.contains {
        (30...37).contains($0) || (90...97).contains($0) || $0 == 38
      }
    }
  }

  @Test("colour where the terminal has it; none with NO_COLOR, --no-color or TERM=vt100")
  func colors() throws {
    let colored = try Run()
    try colored.tmux.wait(forText: "Create account")
    #expect(Self.hasColor(try coloredScreen(colored)))

    for (arguments, environment) in [
      ("", ["NO_COLOR": "1"]), ("", ["NO_COLOR": ""]), ("--no-color", [:]),
      ("", ["TERM": "vt100"]),
    ] {
      let run = try Run(arguments, environment: environment)
      try run.tmux.wait(forText: "Create account")
      try run.tmux.type("alice")
      try run.tmux.wait(forText: "alice")
      let screen = try coloredScreen(run)
      #expect(!Self.hasColor(screen), "\(arguments) \(environment)")
      // Still recognisable: the focused field is bold, a met row dim.
      #expect(screen.contains("\u{1B}[1m") || screen.contains(";1m"))
    }
  }

  @Test(
    "without an alternate screen (vt100, the Linux console) the result is not written over the form",
    arguments: ["vt100", "linux"])
  func noAlternateScreen(term: String) throws {
    let tmux = try Tmux()
    try tmux.shell(
      "clear; env TERM=\(term) \(Tmux.binary) --db \(tmux.directory)/accounts.sqlite; echo =$((40+2))="
    )
    try tmux.wait(forText: "Already have an account?")
    try tmux.type("eve_vt")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "M̶a̶t̶c̶h̶e̶s̶")
    try tmux.wait(forText: "L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Enter")
    try tmux.wait(forText: "=42=")
    let screen = try tmux.screen()
    let result = try #require(screen.first { $0.contains("Account eve_vt created.") })
    #expect(result.trimmingCharacters(in: .whitespaces) == "Account eve_vt created.", "\(screen)")
    #expect(
      !screen.contains { $0.contains("Already have an account?") || $0.contains("Password") },
      "\(screen)")
  }

  @Test("LANG=ru_RU.UTF-8 speaks Russian, even where that locale is not installed")
  func russian() throws {
    let run = try Run(environment: ["LANG": "ru_RU.UTF-8"])
    try run.tmux.wait(forText: "Создание аккаунта")
    try run.tmux.type("борис")
    try run.tmux.wait(forText: "✓ Н̶е̶ ̶м̶е̶н̶е̶е̶ ̶4̶")
    try run.tmux.keys("Escape")
    #expect(try run.status() == 1)
  }

  @Test("a database that cannot be opened, on a terminal: exit 3, terminal restored")
  func unopenableOnTerminal() throws {
    let tmux = try Tmux()
    let folder = tmux.directory
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: "\(folder)/bad.sqlite"))
    chmod("\(folder)/bad.sqlite", 0o600)
    try tmux.shell(
      "stty -a > \(folder)/before; \(Tmux.binary) --db \(folder)/bad.sqlite; echo $? > \(folder)/status;"
        + " stty -a > \(folder)/after")
    try tmux.wait(forText: "it is not a SQLite database")
    try tmux.wait(for: "the status") { _ in
      FileManager.default.fileExists(atPath: "\(folder)/after")
    }
    let status = try String(contentsOfFile: "\(folder)/status", encoding: .utf8)
    #expect(status == "3\n")
    let before = try String(contentsOfFile: "\(folder)/before", encoding: .utf8)
    #expect(before == (try String(contentsOfFile: "\(folder)/after", encoding: .utf8)))
    let flags = try tmux.run(["display", "-p", "-t", "0", "#{alternate_on} #{mouse_any_flag}"])
    #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0")
  }

  @Test("an unknown locale still draws the form")
  func unknownLocale() throws {
    let run = try Run(environment: ["LANG": "xx_XX.UTF-8"])
    try run.tmux.wait(forText: "Create account")
    try run.tmux.wait(forText: "━━━━")
    try run.tmux.keys("Escape")
    #expect(try run.status() == 1)
  }
}

/// The line-by-line front end through pipes, as scripts use it.
@Suite("Plain mode end to end", .cleansUp)
struct PlainEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("plain")
  }

  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  var database: String { folder.path("accounts.sqlite") }

  @Test("printf into the pipe creates the account; only the result is on stdout")
  func pipe() throws {
    let result = try sh(
      "printf 'alice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db \(database) 2>/dev/null"
    )
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
    // A script is not asked again: the next line, a password, must not be taken for a login.
    let unmet = try sh(
      "printf 'bob\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) 2>&1 >/dev/null")
    #expect(unmet.status == 1)
    #expect(unmet.output.contains("Login: bob\n  [ ] At least 4 characters\n"))
    #expect(
      unmet.output.hasSuffix(
        "register: an answer does not meet its requirements; nothing was done\n"))
    #expect(!unmet.output.contains("Zq7vLm2pR"), "no password in the dialogue")
  }

  @Test("closed or short input: exit 1, a one-line message, nothing created")
  func endOfInput() throws {
    let closed = try sh("\(Tmux.binary) --db \(database) < /dev/null 2>&1 >/dev/null")
    #expect(closed.status == 1)
    #expect(
      closed.output.hasSuffix(
        "register: input ended before every question was answered; nothing was done\n"))
    let short = try sh(
      "printf 'carol\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) > /dev/null 2>&1")
    #expect(short.status == 1)
    // Nothing stored: not even the file is made.
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test("a reader that goes away early: a quiet exit, no crash")
  func earlyClose() throws {
    // register's own status, written from inside the pipeline (sh has no PIPESTATUS).
    _ = try sh(
      "{ printf 'dave\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) 2>\(folder.path)/err; "
        + "echo $? > \(folder.path)/status; } | true")
    let status = try String(contentsOfFile: "\(folder.path)/status", encoding: .utf8)
    #expect(status == "0\n", "not 141: SIGPIPE does not kill it")
    let errors = try String(contentsOfFile: "\(folder.path)/err", encoding: .utf8)
    #expect(!errors.contains("crash") && !errors.contains("Fatal"))
  }

  @Test("sign in line by line, in Russian")
  func signIn() throws {
    _ = try sh(
      "printf 'erin\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) >/dev/null 2>&1")
    let wrong = try sh(
      "printf 'ERIN\\nwrong\\n' | \(Tmux.binary) --sign-in --lang ru --db \(database) 2>&1")
    #expect(wrong.status == 5)
    #expect(wrong.output.contains("Неверный логин или пароль."))
    let right = try sh(
      "printf 'ERIN\\nZq7vLm2pR\\n' | \(Tmux.binary) --sign-in --db \(database) 2>/dev/null")
    #expect(right.status == 0)
    #expect(right.output.hasPrefix("{\"login\":\"erin\",\"signed_in_at\":\""))
  }
}
