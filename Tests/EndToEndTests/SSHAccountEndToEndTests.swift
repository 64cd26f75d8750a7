import Foundation
import Testing

/// Your account at join@ under a real sshd, with the release binary: signed up with the
/// key the client connects with, the next connection with that key opens the account at
/// once (no password), where a second key is added and then removed, each seen by the
/// store at once. Line by line (`plain`), which asks the same view model as the screen.
@Suite("Your account at join@ through sshd end to end", .serialized, .cleansUp)
struct SSHAccountEndToEndTests {
  static let site = ["max-per-address = 3": "max-per-address = 3\nkeys = optional"]

  func publicKey(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("signed up with the connecting key; the key then opens the account, keys added and removed")
  func account() throws {
    let server = try SSHServer(changes: Self.site, exposesAuthInfo: true)
    let password = SSHEndToEndTests.password
    let first = try publicKey("\(server.directory)/client_key.pub")
    let signUp = try SSHEndToEndTests.run(
      "/usr/bin/ssh", server.client(command: "plain"),
      input: "alice\\n\(password)\\n\(password)\\n\(first)\\n")
    try #require(signUp.status == 0, "\(signUp.output)")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys") == "1")

    let made = try command(
      "/usr/bin/ssh-keygen",
      ["-q", "-t", "ed25519", "-N", "", "-C", "phone", "-f", "\(server.directory)/second"])
    try #require(made.status == 0)
    let second = try publicKey("\(server.directory)/second.pub")
    let added = try SSHEndToEndTests.run(
      "/usr/bin/ssh", server.client(command: "plain"), input: "p\\n\(second)\\n\\n")
    #expect(added.status == 0, "\(added.output)")
    #expect(added.output.contains("Your account: alice"), "\(added.output)")
    #expect(added.output.contains("(this connection)"))
    #expect(added.output.contains("Key added."))
    #expect(!added.output.contains("Password"), "no password was asked")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys WHERE comment = 'phone'") == "1")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys") == "2")

    // Its number in the list (oldest first: two keys added in one second go by fingerprint).
    let listed = try #require(
      added.output.split(separator: "\n").last { $0.hasSuffix(" phone") && $0.hasPrefix("  ") })
    let number = try #require(
      listed.split(separator: ".").first.map { $0.trimmingCharacters(in: .whitespaces) })
    let removed = try SSHEndToEndTests.run(
      "/usr/bin/ssh", server.client(command: "plain"), input: "r \(number)\\n\\n")
    #expect(removed.status == 0, "\(removed.output)")
    #expect(removed.output.contains("Key removed."), "\(removed.output)")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys WHERE comment = 'phone'") == "0")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys") == "1")
  }

  @Test("on the terminal (ssh -tt): the key opens the account screen; a pasted key is added")
  func form() throws {
    let server = try SSHServer(changes: Self.site, exposesAuthInfo: true)
    let password = SSHEndToEndTests.password
    let first = try publicKey("\(server.directory)/client_key.pub")
    let signUp = try SSHEndToEndTests.run(
      "/usr/bin/ssh", server.client(command: "plain"),
      input: "alice\\n\(password)\\n\(password)\\n\(first)\\n")
    try #require(signUp.status == 0, "\(signUp.output)")
    let made = try command(
      "/usr/bin/ssh-keygen",
      ["-q", "-t", "ed25519", "-N", "", "-C", "phone", "-f", "\(server.directory)/second"])
    try #require(made.status == 0)
    let ssh = SSHEndToEndTests()
    let tmux = try ssh.connect(server)
    try tmux.wait(forText: "Your account: alice")
    try tmux.wait(forText: "(this connection)")
    try tmux.wait(forText: "[ Done ]")
    // Whole, as `ssh-keygen -l` prints it.
    let fingerprint = try command(
      "/usr/bin/ssh-keygen", ["-l", "-f", "\(server.directory)/client_key.pub"])
    let shown = fingerprint.output.trimmingCharacters(in: .whitespacesAndNewlines)
      .split(separator: " ")
    try tmux.wait(forText: "\(shown.last!.dropFirst().dropLast())  \(shown[1])")
    // The list has the focus, then the connecting key's button (off: the key is there),
    // then the field.
    try tmux.keys("Tab", "Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", try publicKey("\(server.directory)/second.pub")])
    try tmux.keys("Enter")
    try tmux.wait(forText: "Key added.")
    #expect(try server.sqlite("SELECT count(*) FROM account_keys WHERE comment = 'phone'") == "1")
    try tmux.keys("Escape")
    #expect(try ssh.status(tmux) == 0)
    #expect(try tmux.screen().contains { $0.contains("Signed in as alice") })
  }

  @Test("on the terminal (ssh -tt): signed up by keeping the offer of the connecting key")
  func signUpWithOffer() throws {
    // keys = optional is the default over SSH: the shipped site file as it is.
    let server = try SSHServer(exposesAuthInfo: true)
    let keygen = try command(
      "/usr/bin/ssh-keygen", ["-l", "-f", "\(server.directory)/client_key.pub"])
    let shown = keygen.output.split(separator: " ")
    let ssh = SSHEndToEndTests()
    let tmux = try ssh.connect(server)
    try ssh.fill(tmux, login: "alice")
    // One row, as `ssh-keygen -l` prints the key, ticked; the whole form on 80x24.
    try tmux.wait(forText: "[x] Use key: ED25519 \(shown[1])")
    let screen = try tmux.screen()
    #expect(!screen.contains { $0.contains("▲") || $0.contains("▼") }, "nothing scrolled off")
    #expect(screen.contains { $0.contains("Create account") })
    #expect(screen.contains { $0.contains("Already have an account? Sign in") })
    #expect(!screen.contains { $0.contains("SSH key") }, "no field for a pasted line")
    try tmux.keys("Tab", "Tab", "Enter")
    #expect(try ssh.status(tmux) == 0)
    #expect(try tmux.screen().contains { $0.contains("Account alice created.") })
    #expect(try server.sqlite("SELECT fingerprint FROM account_keys") == String(shown[1]))
    // The key now opens the account at once, without a password.
    let again = try ssh.connect(server)
    try again.wait(forText: "Your account: alice")
    try again.keys("Escape")
    #expect(try ssh.status(again) == 0)
  }

  @Test("a key of no account: Sign up, as before")
  func strangerKey() throws {
    let server = try SSHServer(changes: Self.site, exposesAuthInfo: true)
    let password = SSHEndToEndTests.password
    let signUp = try SSHEndToEndTests.run(
      "/usr/bin/ssh", server.client(command: "plain"),
      input: "bobby\\n\(password)\\n\(password)\\n\\n")
    #expect(signUp.status == 0, "\(signUp.output)")
    #expect(!signUp.output.contains("Your account"))
    #expect(try server.sqlite("SELECT count(*) FROM account_keys") == "0")
  }
}
