import Foundation
import Testing

/// Sign-up over SSH with a real sshd serving the shipped `deploy/ssh/register.conf` (and
/// the site file `deploy/register.conf` its forced command reads) and `ssh -tt` in tmux,
/// as a newcomer would use it.
@Suite("SSH end to end", .serialized, .cleansUp)
struct SSHEndToEndTests {
  static let password = "Zq7vLm2pR"

  /// A pane running `ssh -tt` to the server, then writing its status and `=42=`.
  func connect(
    _ server: SSHServer, command: String? = nil, environment: String = "", width: Int = 80,
    height: Int = 24
  ) throws -> Tmux {
    let tmux = try Tmux(width: width, height: height)
    try tmux.shell(
      "\(environment) \(server.clientLine(["-tt"], command: command)); "
        + "echo $? > \(tmux.directory)/status; \(SignUpEndToEndTests.doneCommand)")
    return tmux
  }

  func status(_ tmux: Tmux) throws -> Int? {
    try tmux.wait(forText: "=42=")
    let text = try? String(contentsOfFile: "\(tmux.directory)/status", encoding: .utf8)
    return Int(text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
  }

  /// Fills the form (login, password twice) without submitting.
  func fill(_ tmux: Tmux, login: String) throws {
    try tmux.wait(forText: "Create account")
    try tmux.run(["send-keys", "-t", "0", "-l", login])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
  }

  /// The environment of the form this test runs over SSH (what sshd gave it).
  func formEnvironment() throws -> [String: String] {
    let pid = try #require(SSHServer.forms().first)
    let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
    return Dictionary(
      data.split(separator: 0).map { entry in
        let parts = String(decoding: entry, as: UTF8.self).split(separator: "=", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
      }, uniquingKeysWith: { $1 })
  }

  @Test("ssh -tt, sign up: the account with the client's address, the hook's environment")
  func signUp() throws {
    let server = try SSHServer()
    let tmux = try connect(server)
    try fill(tmux, login: "alice")
    // What sshd handed the forced command: the client's terminal type and language.
    let environment = try formEnvironment()
    #expect(environment["TERM"] == "tmux-256color")
    #expect(environment["LANG"] == "C.UTF-8")
    #expect(environment["SSH_CONNECTION"]?.hasPrefix("127.0.0.1 ") == true)
    try tmux.keys("Enter")
    #expect(try status(tmux) == 0)
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("Account alice created."))
    #expect(!screen.contains("HOOK-NOISE"), "the hook's output never reaches the client")
    #expect(!screen.contains(Self.password))

    let row = try server.sqlite(
      "SELECT login, client_address, password_hash, created_at FROM accounts"
    )
    .split(separator: "|").map(String.init)
    #expect(row.count == 4 && row[0] == "alice" && row[1] == "127.0.0.1")
    let hook = server.hookEnvironment(of: "alice")
    #expect(hook["REGISTER_LOGIN"] == "alice")
    #expect(hook["REGISTER_PASSWORD_HASH"] == row.dropFirst(2).first)
    #expect(hook["REGISTER_PASSWORD_HASH"]?.hasPrefix("$y$") == true)
    #expect(hook["REGISTER_CREATED_AT"] == row.last)
    #expect(hook["REGISTER_CLIENT_ADDRESS"] == "127.0.0.1")
    #expect(hook["TERM"] == nil && hook["LANG"] == nil && hook["SSH_CONNECTION"] == nil)
    #expect(!hook.values.contains { $0.contains(Self.password) }, "never the password")
    #expect(SSHServer.waitForNoForms())
  }

  @Test("without a terminal: one line and exit 2 at once; an unknown command likewise")
  func refusals() throws {
    let server = try SSHServer()
    for options in [["-T"], []] {
      for command in [nil, "sign-in"] as [String?] {
        if options.isEmpty && command == nil { continue }  // that one gets a terminal
        let result = try Self.run("/usr/bin/ssh", server.client(options, command: command))
        #expect(result.status == 2, "\(options) \(command ?? "")")
        #expect(
          result.output
            == "register: this form needs a terminal: connect with ssh -t (or send the answers line by line with the command plain)\n"
        )
      }
    }
    let unknown = try Self.run("/usr/bin/ssh", server.client(["-tt"], command: "bash -i"))
    #expect(unknown.status == 2)
    #expect(
      unknown.output.hasPrefix(
        "register: unknown command 'bash -i': the commands are sign-up (the default), sign-in, reset and plain"
      ))
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "")
  }

  /// Runs a command with stdin from /dev/null (ssh would otherwise read the test's).
  static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (
    status: Int32, output: String
  ) {
    let quoted = ([executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let feed = input.map { "printf '\($0)' | " } ?? ""
    return try command("/bin/sh", ["-c", "\(feed)\(quoted)\(input == nil ? " < /dev/null" : "")"])
  }

  @Test("answers piped to `plain`: line by line, JSON on stdout, the hook run")
  func plain() throws {
    let server = try SSHServer()
    let answers = "bobby\\n\(Self.password)\\n\(Self.password)\\n"
    let result = try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: answers)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("{\"login\":\"bobby\",\"password_hash\":\"$y$"))
    #expect(!result.output.contains(Self.password))
    #expect(server.hookEnvironment(of: "bobby")["REGISTER_LOGIN"] == "bobby")
  }

  @Test("`sign-in` chooses the screen")
  func signIn() throws {
    let server = try SSHServer()
    let tmux = try connect(server, command: "sign-in")
    try tmux.wait(forText: "No account yet? Create one")
    try tmux.keys("Escape", "Escape")
    #expect(try status(tmux) == 1)
  }

  @Test("`reset` opens Reset password; Esc leaves it")
  func reset() throws {
    let server = try SSHServer()
    let tmux = try connect(server, command: "reset")
    try tmux.wait(forText: "One-time code")
    try tmux.keys("Escape")
    #expect(try status(tmux) == 1)
  }

  @Test("the client's window size, and a resize over SSH")
  func resize() throws {
    let server = try SSHServer()
    let tmux = try connect(server)
    try tmux.wait(forText: "Create account")
    /// Where the title starts: the form is centred in the window.
    func indent(_ lines: [String]) -> Int? {
      lines.first { $0.contains("Create account") }.map { $0.prefix { $0 == " " }.count }
    }
    let wide = try #require(indent(try tmux.screen()))
    try tmux.run(["resize-window", "-t", "0", "-x", "56", "-y", "24"])
    try tmux.wait(for: "the title centred in 56 columns") { indent($0) == wide - 12 }
    let environment = try formEnvironment()
    #expect(environment["TERM"] == "tmux-256color")
    try tmux.keys("C-c")
    #expect(try status(tmux) == 130)
  }

  @Test("LANG=ru_RU.UTF-8 sent by the client: the Russian form")
  func russian() throws {
    let server = try SSHServer()
    let tmux = try connect(server, environment: "LANG=ru_RU.UTF-8")
    try tmux.wait(forText: "Создание аккаунта")
    try tmux.wait(forText: "✗ Не менее 4 символов")
    try tmux.keys("Escape")
    #expect(try status(tmux) == 1)
  }

  @Test("a dropped client (ssh killed mid-form): the form ends, nothing is stored")
  func dropped() throws {
    let server = try SSHServer()
    let tmux = try connect(server)
    try tmux.wait(forText: "Create account")
    try tmux.type("carol")
    try tmux.keys("Tab")
    try tmux.type("Zq7v")
    try tmux.wait(forText: "••••")
    #expect(!SSHServer.forms().isEmpty)
    try killClient()
    #expect(SSHServer.waitForNoForms(), "no register left behind")
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "")
  }

  /// Kills this test's ssh client, as a dropped connection would end it.
  func killClient() throws {
    let scope = try #require(Cleanup.current?.id)
    let clients = Cleanup.processes(in: scope).filter { $0.command.hasPrefix("/usr/bin/ssh ") }
    try #require(clients.count == 1)
    kill(clients[0].pid, SIGKILL)
  }

  @Test(
    "dropped while the hook runs and then fails: the hook is waited for, the account taken back")
  func droppedDuringHook() throws {
    let server = try SSHServer(hook: "sleep 1; echo ran > \"$(dirname \"$0\")/hook-ran\"; exit 1")
    let tmux = try connect(server)
    try fill(tmux, login: "dave")
    try tmux.keys("Enter")
    try tmux.wait(forText: "Creating the account…")
    try killClient()
    #expect(SSHServer.waitForNoForms())
    #expect(FileManager.default.fileExists(atPath: "\(server.directory)/hook-ran"))
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "0")
  }

  @Test("a failing hook: the account is taken back, one line, exit 4, none of its output")
  func hookFails() throws {
    let server = try SSHServer(hook: "echo HOOK-NOISE-OUT; echo useradd: failed >&2; exit 9")
    let tmux = try connect(server)
    try fill(tmux, login: "erin")
    try tmux.keys("Enter")
    #expect(try status(tmux) == 4)
    // Rows joined as they are wrapped: the line is longer than the pane is wide.
    let screen = try tmux.screen().joined()
    #expect(
      screen.contains(
        "register: sign-up could not be completed, so no account was kept; please try again later"))
    #expect(!screen.contains("HOOK-NOISE") && !screen.contains("useradd: failed"))
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "0")
  }

  @Test("max-per-address = 3 as shipped: the fourth from 127.0.0.1 is told at once")
  func addressLimit() throws {
    let server = try SSHServer()
    for login in ["user1", "user2", "user3"] {
      let answers = "\(login)\\n\(Self.password)\\n\(Self.password)\\n"
      #expect(
        try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: answers).status == 0)
    }
    let answers = "user4\\n\(Self.password)\\n\(Self.password)\\n"
    let fourth = try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: answers)
    #expect(fourth.status == 1)
    #expect(fourth.output.contains("Limit reached: 3 accounts a day per address."))
    let tmux = try connect(server)
    try tmux.wait(forText: "Limit reached: 3 accounts a day per address.")
    try tmux.keys("Escape")
    #expect(try status(tmux) == 1)
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "3")
  }

  @Test("a site file that is wrong: the client is told sign-up is not available, no more; exit 2")
  func brokenSiteFile() throws {
    let server = try SSHServer(changes: ["unix-names = yes": "unix-names = maybe"])
    let result = try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: "")
    #expect(result.status == 2)
    #expect(
      result.output.contains("register: sign-up is not available right now, please try later"))
    #expect(!result.output.contains("site.conf"))
    #expect(!result.output.contains("unix-names"))
  }

  @Test(
    "sessions-per-address = 3 as shipped: a fourth session at once is refused in words and the site's contact, exit 6"
  )
  func sessionsPerAddress() throws {
    let server = try SSHServer(changes: [
      "# contact = admins@example.org": "contact = admins@example.org"
    ])
    let panes = try (0..<3).map { _ in
      let pane = try connect(server)
      try pane.wait(forText: "Create account")
      return pane
    }
    let fourth = try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: "")
    #expect(fourth.status == 6)
    #expect(
      fourth.output.contains(
        "register: your address already has 3 sessions open, the most it may: close one, or "
          + "try again later (to write to this site: admins@example.org)"))
    #expect(!fourth.output.contains("Login"))
    // One leaves: the next one is let in.
    try panes[0].keys("Escape")
    #expect(try status(panes[0]) == 1)
    let answers = "newbie\\n\(Self.password)\\n\(Self.password)\\n"
    let next = try Self.run("/usr/bin/ssh", server.client(command: "plain"), input: answers)
    #expect(next.status == 0, "\(next.output)")
    for pane in panes.dropFirst() {
      try pane.keys("Escape")
      #expect(try status(pane) == 1)
    }
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "1")
  }

  @Test("--session-limit: line by line, a session ends whatever comes in, says why, exit 143")
  func sessionLimit() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-limit-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let register =
      "\(Tmux.binary) --plain --session-limit 1 --idle-timeout 60 --db \(folder)/accounts.sqlite"
    // A byte now and then keeps the idle timeout away; never a whole answer.
    let input = "(for i in $(seq 50); do printf a; sleep 0.1; done)"
    let result = try command("/bin/sh", ["-c", "\(input) | \(register)"])
    #expect(result.status == 143)
    #expect(
      result.output.contains("register: a session lasts at most 1 second: this one was closed"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/accounts.sqlite"))
  }

  @Test(
    "--session-limit: the form ends at its limit while typing goes on, says why after, exit 143")
  func sessionLimitForm() throws {
    let tmux = try Tmux()
    let folder = tmux.directory
    try tmux.shell(
      "\(Tmux.binary) --session-limit 2 --db \(folder)/accounts.sqlite; "
        + "echo $? > \(folder)/status; \(SignUpEndToEndTests.doneCommand)")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    #expect(try status(tmux) == 143)
    try tmux.wait(forText: "register: a session lasts at most 2 seconds: this one was closed")
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/accounts.sqlite"))
  }

  @Test("--idle-timeout: a form nobody uses closes itself and says why")
  func idle() throws {
    let server = try SSHServer(changes: ["idle-timeout = 300": "idle-timeout = 2"])
    let tmux = try connect(server)
    try tmux.wait(forText: "No input for a while: closing in 1 second.")
    #expect(try status(tmux) == 1)
    try tmux.wait(
      forText: "register: no input for 2 seconds: the session was closed; nothing was done")
  }

  @Test("line by line, --idle-timeout ends a wait for an answer")
  func idleLineByLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-idle-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let register = "\(Tmux.binary) --plain --idle-timeout 1 --db \(folder)/accounts.sqlite"
    // Nothing at all, then a login and nothing more: both end after a second of silence.
    for (input, asked) in [("sleep 3", "Login: "), ("(printf 'alice\\n'; sleep 3)", "Password: ")] {
      let result = try command("/bin/sh", ["-c", "\(input) | \(register)"])
      #expect(result.status == 1)
      #expect(result.output.contains(asked))
      #expect(
        result.output.hasSuffix(
          "register: no input for 1 second: the session was closed; nothing was done\n"))
    }
    // Answers that come in time are answers: the timeout is per wait, not per session.
    let answers =
      "(printf 'alice\\n'; sleep 0.5; printf '\(Self.password)\\n'; sleep 0.5; "
      + "printf '\(Self.password)\\n')"
    let result = try command("/bin/sh", ["-c", "\(answers) | \(register) --json"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("{\"login\":\"alice\""))
  }

  @Test("forty first sign-ups at once on a new database file all succeed (three rounds)")
  func firstAtOnce() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-first-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for round in 1...3 {
      let database = "\(folder)/accounts-\(round).sqlite"
      let script = """
        for i in $(seq 10 49); do
          (printf "user$(echo $i | tr 0-9 a-j)\\n\(Self.password)\\n\(Self.password)\\n" \\
            | \(Tmux.binary) --plain --unix-names --db \(database) > /dev/null 2> \(folder)/err-$i \\
            || echo "failed $i: $(cat \(folder)/err-$i)") &
        done
        wait
        """
      let result = try command("/bin/sh", ["-c", script], timeout: .seconds(60))
      #expect(result.output == "", "round \(round)")
      #expect(
        try command("/usr/bin/sqlite3", [database, "SELECT count(*) FROM accounts"]).output
          == "40\n")
    }
  }

  @Test("twenty sessions signing up at once all succeed")
  func twenty() throws {
    let server = try SSHServer(changes: [
      "max-per-address = 3": "max-per-address = 20",
      "sessions-per-address = 3": "sessions-per-address = 20",
    ])
    let logins = (0..<20).map { "user" + String(UnicodeScalar(UInt8(97 + $0))) + "x" }
    // One after another up to the form: sshd drops unauthenticated connections beyond
    // MaxStartups (10 in the shipped file), and twenty at once on a busy machine get there.
    let panes = try logins.map { login in
      let pane = try connect(server)
      try fill(pane, login: login)
      return pane
    }
    for pane in panes { try pane.keys("Enter") }
    for (pane, login) in zip(panes, logins) {
      #expect(try status(pane) == 0)
      #expect(try pane.screen().contains { $0.contains("Account \(login) created.") })
    }
    #expect(try server.sqlite("SELECT count(*) FROM accounts") == "20")
    #expect(logins.allSatisfy { server.hookEnvironment(of: $0)["REGISTER_LOGIN"] == $0 })
  }
}
