import Foundation
import Testing

/// An sshd of a test's own on 127.0.0.1, where root logs in by key alone: its host key,
/// configuration and log in the test's folder, and a client that trusts that host key and
/// nothing else. `stop()` ends it and reaps it (the test's scope would kill it otherwise).
final class LoopbackSSHD {
  let folder: String
  let port: Int
  private var pid: pid_t?

  /// ed25519 keys without a passphrase, `folder/NAME` and `folder/NAME.pub` for each name.
  static func makeKeys(_ names: [String], in folder: String) throws {
    for name in names {
      let made = try command(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(folder)/\(name)"])
      try #require(made.status == 0, "ssh-keygen: \(made.output)")
    }
  }

  /// Starts sshd with a host key of its own and `settings` (the test's own lines: its
  /// forced command, the fragment it includes) after the lines every such server has;
  /// returns once it accepts connections.
  init(folder: String, settings: String) throws {
    self.folder = folder
    try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    try Self.makeKeys(["host"], in: folder)
    port = try SSHServer.freePort()
    try """
    Port \(port)
    ListenAddress 127.0.0.1
    HostKey \(folder)/host
    PidFile none
    UsePAM no
    PermitRootLogin prohibit-password
    PasswordAuthentication no
    LogLevel VERBOSE
    \(settings)

    """.write(toFile: "\(folder)/sshd_config", atomically: true, encoding: .utf8)
    let check = try command("/usr/sbin/sshd", ["-t", "-f", "\(folder)/sshd_config"])
    try #require(check.status == 0, "sshd -t: \(check.output)")
    pid = try startInBackground(
      "/usr/sbin/sshd", ["-D", "-e", "-f", "\(folder)/sshd_config"], logFile: "\(folder)/log")
    let deadline = Date().addingTimeInterval(10)
    while !SSHServer.accepts(port: port) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    let hostKey = try String(contentsOfFile: "\(folder)/host.pub", encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    try "[127.0.0.1]:\(port) \(hostKey)\n".write(
      toFile: "\(folder)/known_hosts", atomically: true, encoding: .utf8)
  }

  /// What sshd has logged so far.
  var log: String { (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? "" }

  /// `ssh root@127.0.0.1` offering the client key `key` (made by `makeKeys`) and no other.
  func logIn(with key: String) throws -> (status: Int32, output: String) {
    try command(
      "/usr/bin/ssh",
      [
        "-F", "/dev/null", "-p", "\(port)", "-i", "\(folder)/\(key)", "-o", "IdentitiesOnly=yes",
        "-o", "UserKnownHostsFile=\(folder)/known_hosts", "-o", "StrictHostKeyChecking=yes",
        "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "root@127.0.0.1",
      ])
  }

  /// Ends sshd and reaps it; once is enough.
  func stop() {
    guard let pid else { return }
    self.pid = nil
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  deinit { stop() }
}
