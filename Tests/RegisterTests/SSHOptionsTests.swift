import Testing

@testable import register

/// The flags of a public door, and what OpenSSH tells the forced command.
@Suite("Options and the SSH session")
struct SSHOptionsTests {
  @Test("--idle-timeout, --max-per-address and --on-create, in both spellings")
  func flags() throws {
    let options = try Options.parse([
      "--idle-timeout", "300", "--max-per-address=3",
      "--on-create", "sudo -n '/usr/local/lib/register/register-useradd'",
    ])
    #expect(options.idleTimeout == 300)
    #expect(options.maxPerAddress == 3)
    #expect(options.onCreate == ["sudo", "-n", "/usr/local/lib/register/register-useradd"])
    #expect(try Options.parse([]).idleTimeout == nil)
    #expect(try Options.parse(["--max-per-address", "0"]).maxPerAddress == 0)
  }

  @Test(
    "numbers must be whole, positive where it matters, and not absurd",
    arguments: [
      ("--idle-timeout", "0"), ("--idle-timeout", "-5"), ("--idle-timeout", "5s"),
      ("--idle-timeout", "1.5"), ("--idle-timeout", "+5"), ("--max-per-address", "-1"),
      ("--max-per-address", "３"), ("--idle-timeout", "99999999999999999999"),
      ("--idle-timeout", "2000000000"),
    ])
  func badNumbers(flag: String, value: String) {
    let range = flag == "--idle-timeout" ? 1...1_000_000_000 : 0...1_000_000_000
    #expect(throws: Options.UsageError.invalidNumber(flag, value, range)) {
      try Options.parse([flag, value])
    }
  }

  @Test("a number refused says which numbers are allowed, a whole number too big or too small")
  func numberMessage() {
    let range = 1...1_000_000_000
    #expect(
      Options.message(for: .invalidNumber("--idle-timeout", "99999999999", range), in: .english)
        == "--idle-timeout needs a whole number from 1 to 1000000000, not '99999999999'")
    #expect(
      Options.message(for: .invalidNumber("--idle-timeout", "0", range), in: .russian)
        == "для --idle-timeout нужно целое число от 1 до 1000000000, а не «0»")
  }

  @Test("--on-create needs a command, with its quotes closed")
  func badCommand() {
    #expect(throws: Options.UsageError.missingValue("--on-create")) {
      try Options.parse(["--on-create", "  "])
    }
    #expect(throws: Options.UsageError.unbalancedQuote("--on-create")) {
      try Options.parse(["--on-create", "sh -c 'useradd"])
    }
    #expect(
      Options.message(for: .invalidNumber("--idle-timeout", "x", 1...1_000_000_000), in: .english)
        == "--idle-timeout needs a whole number from 1 to 1000000000, not 'x'")
  }

  @Test("not over SSH: no session, whatever SSH_ORIGINAL_COMMAND says")
  func notSSH() throws {
    #expect(try SSHSession(environment: [:]) == nil)
    #expect(try SSHSession(environment: ["SSH_ORIGINAL_COMMAND": "rm -rf /"]) == nil)
  }

  @Test(
    "the client's address, and the commands a client may give",
    arguments: [
      ("", false, false), ("sign-in", true, false), ("sign-up", false, false),
      ("plain", false, true), ("sign-in plain", true, true), ("  plain   sign-up ", false, true),
    ])
  func commands(command: String, signIn: Bool, plain: Bool) throws {
    let session = try #require(
      try SSHSession(environment: [
        "SSH_CONNECTION": "2001:db8::7 51234 2001:db8::1 22", "SSH_ORIGINAL_COMMAND": command,
      ]))
    #expect(session.clientAddress == "2001:db8::7")
    #expect(session.signIn == signIn)
    #expect(session.plain == plain)
  }

  @Test(
    "the client's command joins the forced command's flags; sign-in with Change password is refused"
  )
  func merged() throws {
    func session(_ command: String) throws -> SSHSession {
      try #require(
        try SSHSession(environment: [
          "SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "SSH_ORIGINAL_COMMAND": command,
        ]))
    }
    let forced = try Options.parse(["--idle-timeout", "60"])
    let joined = try forced.merged(with: try session("sign-in plain"))
    #expect(joined.signIn && joined.plain && joined.idleTimeout == 60)
    let changing = try Options.parse(["--change-password"])
    #expect(try changing.merged(with: try session("plain")).plain)
    #expect(throws: Options.UsageError.conflicting("--change-password", "sign-in")) {
      try changing.merged(with: try session("sign-in"))
    }
  }

  @Test(
    "anything else is refused whole",
    arguments: [
      "bash", "sign-in sign-up", "plain plain", "sign-in; rm -rf /", "--db=/tmp/x", "SIGN-IN",
      "sign-in\nbash",
    ])
  func unknown(command: String) {
    #expect(throws: SSHSession.UnknownCommand(command: command)) {
      try SSHSession(environment: [
        "SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "SSH_ORIGINAL_COMMAND": command,
      ])
    }
  }
}
