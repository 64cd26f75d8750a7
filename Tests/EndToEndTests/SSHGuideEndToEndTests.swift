import Foundation
import Testing

/// docs/ssh.md followed to the letter on a Debian system of its own: the guide's install
/// block runs in a private mount namespace (copies of `/etc`, empty `/home`, `/usr/local`,
/// `/var/lib`, `/var/log`, `/var/mail`, `/run`), so the host is not touched. That system's
/// sshd (PAM, Debian's own configuration with our fragments) serves a free port; a
/// newcomer runs `ssh join@127.0.0.1`, signs up, and logs in as the new Unix user with
/// the password just chosen.
@Suite("SSH guide end to end", .serialized, .cleansUp)
struct SSHGuideEndToEndTests {
  static let password = "Zq7vLm2pR"

  @Test("install as docs/ssh.md says, ssh join@host, sign up, then log in as the new user")
  func guide() throws {
    let system = try GuideSystem()
    let client = system.client("join", "-tt")
    let tmux = try Tmux()
    try tmux.shell("\(client); echo status=$?")
    // No password prompt: PAM lets join in, and the form is all there is.
    try tmux.wait(forText: "Create account")
    try tmux.run(["send-keys", "-t", "0", "-l", "newbie"])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.keys("Tab")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Enter")
    try tmux.wait(forText: "Account newbie created.")
    try tmux.wait(forText: "status=0")

    // The Unix user register-useradd made, with the password chosen in the form.
    try tmux.shell("clear; \(system.client("newbie")) 'id -un; echo logged-in-$((6*7))'")
    try tmux.wait(forText: "newbie@127.0.0.1's password:")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.keys("Enter")
    try tmux.wait(forText: "logged-in-42")
    #expect(try tmux.screen().contains { $0.trimmingCharacters(in: .whitespaces) == "newbie" })
    // The host's own users are untouched.
    #expect(getpwnam("newbie") == nil && getpwnam("join") == nil)
  }
}
