import Testing

@testable import register

/// `register admin` is for the host's own terminal: a client at `join@` never reaches it.
@Suite("register admin is not reachable over SSH")
struct SSHAdminTests {
  @Test(
    "a client asking for admin is refused whole",
    arguments: ["admin", "admin list", "sign-in admin", "plain admin approve alice", "ADMIN"])
  func adminRefused(command: String) {
    #expect(!SSHSession.commands.contains("admin"))
    #expect(throws: SSHSession.UnknownCommand(command: command)) {
      try SSHSession(environment: [
        "SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "SSH_ORIGINAL_COMMAND": command,
      ])
    }
  }
}
