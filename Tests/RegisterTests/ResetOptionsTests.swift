import Testing

@testable import register

/// `--reset` and the client's `reset` command: the Reset password screen, which makes no
/// account (so no `--on-create`) and is not Sign in or Change password.
@Suite("Reset password options")
struct ResetOptionsTests {
  func session(_ command: String) throws -> SSHSession {
    try #require(
      try SSHSession(environment: [
        "SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "SSH_ORIGINAL_COMMAND": command,
      ]))
  }

  @Test("--reset opens the screen; with --change-password, --sign-in or --on-create, refused")
  func flag() throws {
    #expect(try Options.parse(["--reset"]).reset)
    #expect(!(try Options.parse([]).reset))
    #expect(throws: Options.UsageError.conflicting("--reset", "--on-create")) {
      try Options.parse(["--reset", "--on-create", "true"])
    }
    #expect(throws: Options.UsageError.conflicting("--reset", "--sign-in")) {
      try Options.parse(["--sign-in", "--reset"])
    }
    #expect(throws: Options.UsageError.conflicting("--change-password", "--reset")) {
      try Options.parse(["--change-password", "--reset"])
    }
  }

  @Test("ssh join@host reset: the screen, with plain too; one screen only")
  func command() throws {
    #expect(try session("reset").reset)
    #expect(try session("reset plain").plain)
    #expect(!(try session("sign-in").reset))
    for command in ["reset sign-in", "reset reset", "RESET", "reset alice"] {
      #expect(throws: SSHSession.UnknownCommand(command: command)) { try session(command) }
    }
  }

  @Test("the forced command's hook does not run for a reset; the door is not asked")
  func merged() throws {
    let forced = try Options.parse(["--on-create", "sudo -n /usr/local/lib/register/useradd"])
    let reset = try forced.merged(with: try session("reset"))
    #expect(reset.reset && reset.onCreate == nil)
    #expect(throws: Options.UsageError.conflicting("--change-password", "reset")) {
      try Options.parse(["--change-password"]).merged(with: try session("reset"))
    }
    #expect(throws: Options.UsageError.conflicting("--reset", "sign-in")) {
      try Options.parse(["--reset"]).merged(with: try session("sign-in"))
    }
  }

  @Test("the site file's on-create is left out for a reset, by hand and over SSH; no door asked")
  func siteFile() throws {
    let site = "on-create = /bin/true\nsign-ups = closed"
    let byHand = try SiteConfigurationTests.run(["--reset"], site: site)
    #expect(byHand.options.reset && byHand.options.onCreate == nil)
    #expect(!byHand.asksTheDoor)
    let environment = SiteConfigurationTests.ssh.merging(["SSH_ORIGINAL_COMMAND": "reset"]) { $1 }
    let overSSH = try SiteConfigurationTests.run(site: site, environment)
    #expect(overSSH.options.reset && overSSH.options.onCreate == nil)
    #expect(!overSSH.asksTheDoor)
  }
}
