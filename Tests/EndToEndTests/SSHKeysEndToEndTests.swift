import Foundation
import SSHKeys
import Testing

/// The shipped `deploy/ssh/register-auth.conf` under a real sshd: it passes `sshd -t`, and
/// lets its user in with a key sshd has never seen, the session finding that key in
/// `SSH_USER_AUTH`.
@Suite("SSH keys end to end", .serialized, .cleansUp)
struct SSHKeysEndToEndTests {
  /// The shipped fragment with `replacements` made, each checked to happen exactly once.
  static func fragment(_ replacements: [String: String]) throws -> String {
    var text = try String(
      contentsOf: SSHServer.root.appendingPathComponent("deploy/ssh/register-auth.conf"),
      encoding: .utf8)
    for (shipped, test) in replacements {
      let count = text.components(separatedBy: shipped).count - 1
      try #require(count == 1, "deploy/ssh/register-auth.conf holds '\(shipped)' \(count) times")
      text = text.replacingOccurrences(of: shipped, with: test)
    }
    return text
  }

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-keys-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    return path
  }

  @Test("the shipped fragments, as they are, pass sshd -t")
  func configurationChecks() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try command("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(folder)/host"])
    let deploy = SSHServer.root.appendingPathComponent("deploy/ssh").path
    try """
    HostKey \(folder)/host
    UsePAM yes
    Include \(deploy)/register.conf
    Include \(deploy)/register-auth.conf

    """.write(toFile: "\(folder)/sshd_config", atomically: true, encoding: .utf8)
    let check = try command("/usr/sbin/sshd", ["-t", "-f", "\(folder)/sshd_config"])
    #expect(check.status == 0, "sshd -t: \(check.output)")
    // What applies to join: the key command, the auth info; and to nobody else.
    let join = try command(
      "/usr/sbin/sshd",
      ["-T", "-f", "\(folder)/sshd_config", "-C", "user=join,host=x,addr=192.0.2.1"])
    for line in [
      "authorizedkeyscommand /bin/echo restrict,pty %t %k",
      "authorizedkeyscommanduser register-keys",
      "exposeauthinfo yes", "authenticationmethods publickey keyboard-interactive",
      "authorizedkeysfile none",
    ] {
      #expect(join.output.contains(line + "\n"), "\(line)")
    }
    let alice = try command(
      "/usr/sbin/sshd",
      ["-T", "-f", "\(folder)/sshd_config", "-C", "user=alice,host=x,addr=192.0.2.1"])
    #expect(alice.output.contains("exposeauthinfo no\n"))
    #expect(alice.output.contains("authorizedkeyscommand none\n"))
  }

  @Test("a key sshd has never seen logs in, and the session finds it in SSH_USER_AUTH")
  func anyKey() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try LoopbackSSHD.makeKeys(["client"], in: folder)
    // As root (the tests' user), sshd's command as nobody (Debian's; the site makes
    // register-keys). The session copies the auth file, owner and mode kept, and prints it.
    try Self.fragment([
      "Match User join": "Match User root",
      "AuthorizedKeysCommandUser register-keys": "AuthorizedKeysCommandUser nobody",
    ]).write(toFile: "\(folder)/register-auth.conf", atomically: true, encoding: .utf8)
    let sshd = try LoopbackSSHD(
      folder: folder,
      settings: """
        ForceCommand cp -p "$SSH_USER_AUTH" \(folder)/seen && cat "$SSH_USER_AUTH"
        Include \(folder)/register-auth.conf
        """)
    defer { sshd.stop() }
    let session = try sshd.logIn(with: "client")
    let log = sshd.log
    try #require(session.status == 0, "ssh: \(session.output)\nsshd: \(log)")
    let client = try SSHPublicKey(
      line: try String(contentsOfFile: "\(folder)/client.pub", encoding: .utf8))
    #expect(session.output == "publickey \(client.authorizedKey)\n")
    #expect(ConnectingKey.key(in: session.output)?.fingerprint == client.fingerprint)
    // The file itself, as sshd made it (its owner and mode), passes the strict reading.
    #expect(ConnectingKey.key(fileAt: "\(folder)/seen") == client)
    #expect(log.contains("Accepted publickey for root"))
  }
}
