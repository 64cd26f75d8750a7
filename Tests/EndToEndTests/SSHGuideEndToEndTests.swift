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

  /// The guide's install block, as docs/ssh.md shows it.
  static func installBlock() throws -> String {
    let guide = try String(
      contentsOf: SSHServer.root.appendingPathComponent("docs/ssh.md"), encoding: .utf8)
    let marker = try #require(guide.range(of: "<!-- guide:install"))
    let start = try #require(guide.range(of: "```sh\n", range: marker.upperBound..<guide.endIndex))
    let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
    return String(guide[start.upperBound..<end.lowerBound])
  }

  /// The block with the two steps a test cannot take changed, each checked to be there:
  /// the packages are installed already (`make deps`), and sshd is started by the test.
  static func testScript() throws -> String {
    var script = try installBlock()
    for (step, instead) in [
      "apt-get install -y openssh-server sudo": "true",
      "systemctl reload ssh": "true",
    ] {
      try #require(script.components(separatedBy: step).count == 2, "the guide has '\(step)'")
      script = script.replacingOccurrences(of: step, with: instead)
    }
    return script
  }

  @Test("install as docs/ssh.md says, ssh join@host, sign up, then log in as the new user")
  func guide() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-guide-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.testScript().write(toFile: "\(folder)/install.sh", atomically: true, encoding: .utf8)
    let port = try SSHServer.freePort()
    // Inside the namespace: the private system, the guide, then that system's sshd.
    let system = """
      set -eu
      cp -a /etc \(folder)/etc
      mount --bind \(folder)/etc /etc
      for d in /home /usr/local /var/lib /var/log /var/mail /run; do
        mount -t tmpfs -o mode=0755 tmpfs $d
      done
      mkdir -p /run/sshd /usr/local/bin /usr/local/lib /usr/local/sbin
      cd \(SSHServer.root.path)
      sh -eux \(folder)/install.sh
      exec /usr/sbin/sshd -D -e -p \(port) -o ListenAddress=127.0.0.1 -o PidFile=none \
        -o 'SetEnv=\(Cleanup.variable)=\(Cleanup.current?.id ?? "none")'
      """
    try system.write(toFile: "\(folder)/system.sh", atomically: true, encoding: .utf8)
    let log = "\(folder)/log"
    let pid = try startInBackground(
      "/usr/bin/unshare",
      ["--mount", "--propagation", "private", "/bin/sh", "\(folder)/system.sh"],
      logFile: log)
    defer {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    let deadline = Date().addingTimeInterval(20)
    var status: Int32 = 0
    while !SSHServer.accepts(port: port) {
      let ended = waitpid(pid, &status, WNOHANG) == pid
      if ended || Date() > deadline {
        Issue.record(
          "the guide did not bring sshd up:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
        )
        return
      }
      Thread.sleep(forTimeInterval: 0.05)
    }

    let client =
      "/usr/bin/ssh -F /dev/null -tt -p \(port) -o UserKnownHostsFile=/dev/null "
      + "-o StrictHostKeyChecking=no -o LogLevel=ERROR -o SendEnv=LANG -o PubkeyAuthentication=no"
    let tmux = try Tmux()
    try tmux.shell("\(client) join@127.0.0.1; echo status=$?")
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
    try tmux.shell("clear; \(client) newbie@127.0.0.1 'id -un; echo logged-in-$((6*7))'")
    try tmux.wait(forText: "newbie@127.0.0.1's password:")
    try tmux.run(["send-keys", "-t", "0", "-l", Self.password])
    try tmux.keys("Enter")
    try tmux.wait(forText: "logged-in-42")
    #expect(try tmux.screen().contains { $0.trimmingCharacters(in: .whitespaces) == "newbie" })
    // The host's own users are untouched.
    #expect(getpwnam("newbie") == nil && getpwnam("join") == nil)
  }
}
