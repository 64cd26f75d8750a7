import Foundation
import Testing

/// The member's own login by key, end to end on the guide's system (docs/ssh.md's install
/// block in a private mount namespace, real Unix users made by register-useradd) with
/// `deploy/ssh/register-keys.conf` added and `PasswordAuthentication no`: a client with an
/// ed25519 key signs up at join@ keeping the form's offer of that key, then logs in as the
/// new user with it; a second key added on the account screen at join@ works at once, a
/// removed one stops at once, and a locked account's key stops.
@Suite("SSH key login end to end", .serialized, .cleansUp)
struct SSHKeyLoginEndToEndTests {
  static let password = "Zq7vLm2pR"

  @Test("sign up at join@ with the connecting key, then ssh -i key LOGIN@host; add, remove, lock")
  func keyLogin() throws {
    let system = try GuideSystem(
      afterwards: """
        install -m 0644 deploy/ssh/register-keys.conf /etc/ssh/sshd_config.d/
        printf 'PasswordAuthentication no\\n' > /etc/ssh/sshd_config.d/00-no-passwords.conf
        """)
    for key in ["first", "second"] {
      let made = try command(
        "/usr/bin/ssh-keygen",
        ["-q", "-t", "ed25519", "-N", "", "-C", key, "-f", "\(system.directory)/\(key)"])
      try #require(made.status == 0)
    }
    let first = "\(system.directory)/first"
    let second = "\(system.directory)/second"
    func logsIn(with key: String) throws -> Bool {
      let session = try command(
        "/bin/sh",
        ["-c", system.client("newbie", identity: key) + " 'echo logged-in-$((6*7))' < /dev/null"])
      return session.status == 0 && session.output.contains("logged-in-42")
    }

    // Sign up at join@, keeping the offer of the key this client connected with.
    let keygen = try command("/usr/bin/ssh-keygen", ["-l", "-f", "\(first).pub"])
    let fingerprint = String(keygen.output.split(separator: " ")[1])
    let tmux = try Tmux()
    try tmux.shell("\(system.client("join", "-tt", identity: first)); echo status=$?")
    try tmux.wait(forText: "Create account")
    try tmux.run(["send-keys", "-t", "0", "-l", "newbie"])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.wait(forText: "[x] Use key: ED25519 \(fingerprint)")
    try tmux.keys("Enter")
    try tmux.wait(forText: "Account newbie created.")
    try tmux.wait(forText: "status=0")
    #expect(try logsIn(with: first), "\(system.logText)")
    #expect(try !logsIn(with: second))

    // A second key, added on the account screen (opened at once by the first key): later
    // in time than the first, so second in the list.
    Thread.sleep(forTimeInterval: 1.1)
    let secondLine = try String(contentsOfFile: "\(second).pub", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try tmux.shell("clear; \(system.client("join", "-tt", identity: first)); echo status=$?")
    try tmux.wait(forText: "Your account: newbie")
    try tmux.wait(forText: "[ Done ]")
    try tmux.keys("Tab", "Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", secondLine])
    try tmux.keys("Enter")
    try tmux.wait(forText: "Key added.")
    try tmux.keys("Escape")
    try tmux.wait(forText: "status=0")
    #expect(try logsIn(with: second))

    // Removed there, it stops at once.
    try tmux.shell("clear; \(system.client("join", "-tt", identity: first)); echo status=$?")
    try tmux.wait(forText: "Your account: newbie")
    try tmux.wait(forText: "[ Done ]")
    try tmux.keys("Down", "r")
    try tmux.wait(forText: "Key removed.")
    try tmux.keys("Escape")
    try tmux.wait(forText: "status=0")
    #expect(try !logsIn(with: second))
    #expect(try logsIn(with: first))

    // Locked by the admin: the key left stops too.
    let locked = try system.run("sudo -u join /usr/local/bin/register admin lock newbie")
    try #require(locked.status == 0, "register admin lock: \(locked.output)")
    #expect(try !logsIn(with: first))
  }
}
