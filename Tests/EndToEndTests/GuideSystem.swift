import Foundation
import Testing

/// A Debian system of the test's own with docs/ssh.md's install block run in it: a private
/// mount namespace (copies of `/etc`, empty `/home`, `/usr/local`, `/var/lib`, `/var/log`,
/// `/var/mail`, `/run`), so the host is not touched, and that system's sshd (PAM, Debian's
/// own configuration with our fragments) on a free port of 127.0.0.1. Commands run inside
/// it with `run` (or `line` in a tmux pane), as the host's admin would run them.
final class GuideSystem {
  /// The run's folder, outside the namespace: the scripts, the copy of `/etc`, the log.
  let directory: String
  let port: Int
  /// sshd's process, the namespace's first (nsenter finds the namespace through it).
  private var pid: pid_t = 0

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

  /// Installs as the guide says, then runs `afterwards` (shell, as root in the system, in
  /// the package's folder: what the admin does next, with the run's folder as `$RUN`, where
  /// `files` are written by name), then starts sshd and waits until it accepts connections.
  init(afterwards: String = "", files: [String: String] = [:]) throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-guide-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    port = try SSHServer.freePort()
    try Self.testScript().write(
      toFile: "\(directory)/install.sh", atomically: true, encoding: .utf8)
    try afterwards.write(toFile: "\(directory)/after.sh", atomically: true, encoding: .utf8)
    for (name, text) in files {
      try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
    }
    // Inside the namespace: the private system, the guide, then that system's sshd.
    let system = """
      set -eu
      cp -a /etc \(directory)/etc
      mount --bind \(directory)/etc /etc
      for d in /home /usr/local /var/lib /var/log /var/mail /run; do
        mount -t tmpfs -o mode=0755 tmpfs $d
      done
      mkdir -p /run/sshd /usr/local/bin /usr/local/lib /usr/local/sbin
      cd \(SSHServer.root.path)
      sh -eux \(directory)/install.sh
      RUN=\(directory) sh -eux \(directory)/after.sh
      exec /usr/sbin/sshd -D -e -p \(port) -o ListenAddress=127.0.0.1 -o PidFile=none \
        -o 'SetEnv=\(Cleanup.variable)=\(Cleanup.current?.id ?? "none")'
      """
    try system.write(toFile: "\(directory)/system.sh", atomically: true, encoding: .utf8)
    pid = try startInBackground(
      "/usr/bin/unshare",
      ["--mount", "--propagation", "private", "/bin/sh", "\(directory)/system.sh"],
      logFile: log)
    let deadline = Date().addingTimeInterval(20)
    var status: Int32 = 0
    while !SSHServer.accepts(port: port) {
      let ended = waitpid(pid, &status, WNOHANG) == pid
      if ended || Date() > deadline {
        if ended { pid = 0 }
        Issue.record("the guide did not bring sshd up:\n\(logText)")
        throw POSIXError(.ECONNREFUSED)
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  deinit {
    if pid > 0 {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  var log: String { "\(directory)/log" }
  var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  /// A shell command line that runs `script` as root inside the system (for a tmux pane).
  func line(_ script: String) -> String {
    "/usr/bin/nsenter -t \(pid) -m -- /bin/sh -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'"
  }

  /// Runs `script` as root inside the system: its status and everything it printed.
  @discardableResult
  func run(_ script: String) throws -> (status: Int32, output: String) {
    try command("/usr/bin/nsenter", ["-t", "\(pid)", "-m", "--", "/bin/sh", "-c", script])
  }

  /// `ssh` to `user` on the system for a tmux pane: no key, no known host, the password
  /// asked on the terminal (once, so that a refusal ends it), `options` added. With
  /// `identity`, that private key alone and nothing asked instead.
  func client(_ user: String, _ options: String = "", identity: String? = nil) -> String {
    let authentication =
      identity.map { "-i \($0) -o IdentitiesOnly=yes -o BatchMode=yes" }
      ?? "-o PubkeyAuthentication=no -o NumberOfPasswordPrompts=1"
    return "/usr/bin/ssh -F /dev/null -p \(port) -o UserKnownHostsFile=/dev/null "
      + "-o StrictHostKeyChecking=no -o LogLevel=ERROR -o SendEnv=LANG "
      + "\(authentication) \(options) \(user)@127.0.0.1"
  }
}
