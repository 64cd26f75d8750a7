import Foundation
import Testing

/// The shipped `deploy/ssh/register-keys.conf` under a real sshd, with the release binary:
/// a member logs in with a key of their account (`register keys %u`) and with no other;
/// a key added to the store works at the next login, a removed one and a locked
/// account's stop at once. The account and its keys are written with `sqlite3` (the store
/// API's own tests are AccountKeyStoreTests), the lock with `register admin lock`.
@Suite("Members' keys through sshd end to end", .serialized, .cleansUp)
struct SSHMemberKeysEndToEndTests {
  @Test("sshd takes an active account's keys from register keys, and nothing else")
  func memberKeys() throws {
    let folder = try SSHKeysEndToEndTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    for key in ["host", "first", "second"] {
      let made = try command(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(folder)/\(key)"])
      try #require(made.status == 0)
    }
    let register = Tmux.binary
    let database = "\(folder)/accounts.sqlite"
    // The store, made by a sign-up line by line; then root's account (the tests' user:
    // sshd needs a Unix user) with its first key.
    try "keysetup\nZq7vLm2pR-keys\nZq7vLm2pR-keys\n".write(
      toFile: "\(folder)/answers", atomically: true, encoding: .utf8)
    let made = try command(
      "/bin/sh", ["-c", "\(register) --plain --db \(database) < \(folder)/answers"])
    try #require(made.status == 0, "sign-up: \(made.output)")
    func blob(_ key: String) throws -> String {
      String(
        try String(contentsOfFile: "\(folder)/\(key).pub", encoding: .utf8)
          .split(separator: " ")[1])
    }
    func sql(_ statement: String) throws {
      let ran = try command("/usr/bin/sqlite3", [database, statement])
      try #require(ran.status == 0, "sqlite3: \(ran.output)")
    }
    try sql(
      """
      INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
      VALUES ('root', 'root', 'root', '!', '2026-01-01T00:00:00Z');
      INSERT INTO account_keys SELECT 'SHA256:first', id, 'ssh-ed25519', '\(try blob("first"))',
        'laptop', '2026-01-01T00:00:00Z' FROM accounts WHERE login = 'root';
      """)
    // The shipped fragment, the program and the store named; run as root, who owns the
    // store here (join on a site).
    var fragment = try String(
      contentsOf: SSHServer.root.appendingPathComponent("deploy/ssh/register-keys.conf"),
      encoding: .utf8)
    for (shipped, test) in [
      "AuthorizedKeysCommand /usr/local/bin/register keys %u":
        "AuthorizedKeysCommand \(SafeBinary.register) keys --db \(database) %u",
      "\nAuthorizedKeysCommandUser join": "\nAuthorizedKeysCommandUser root",
    ] {
      try #require(fragment.components(separatedBy: shipped).count == 2, "\(shipped)")
      fragment = fragment.replacingOccurrences(of: shipped, with: test)
    }
    try fragment.write(
      toFile: "\(folder)/register-keys.conf", atomically: true, encoding: .utf8)
    let port = try SSHServer.freePort()
    try """
    Port \(port)
    ListenAddress 127.0.0.1
    HostKey \(folder)/host
    PidFile none
    UsePAM no
    PermitRootLogin prohibit-password
    PasswordAuthentication no
    KbdInteractiveAuthentication no
    AuthorizedKeysFile none
    LogLevel VERBOSE
    ForceCommand echo in
    Include \(folder)/register-keys.conf

    """.write(toFile: "\(folder)/sshd_config", atomically: true, encoding: .utf8)
    let check = try command("/usr/sbin/sshd", ["-t", "-f", "\(folder)/sshd_config"])
    try #require(check.status == 0, "sshd -t: \(check.output)")
    let pid = try startInBackground(
      "/usr/sbin/sshd", ["-D", "-e", "-f", "\(folder)/sshd_config"], logFile: "\(folder)/log")
    defer {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    let deadline = Date().addingTimeInterval(10)
    while !SSHServer.accepts(port: port) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    let hostKey = try String(contentsOfFile: "\(folder)/host.pub", encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    try "[127.0.0.1]:\(port) \(hostKey)\n".write(
      toFile: "\(folder)/known_hosts", atomically: true, encoding: .utf8)
    func logsIn(with key: String) throws -> Bool {
      let session = try command(
        "/usr/bin/ssh",
        [
          "-F", "/dev/null", "-p", "\(port)", "-i", "\(folder)/\(key)", "-o",
          "IdentitiesOnly=yes", "-o", "UserKnownHostsFile=\(folder)/known_hosts", "-o",
          "StrictHostKeyChecking=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
          "root@127.0.0.1",
        ])
      return session.status == 0 && session.output == "in\n"
    }
    #expect(try logsIn(with: "first"))
    #expect(try !logsIn(with: "second"))
    try sql(
      """
      INSERT INTO account_keys SELECT 'SHA256:second', id, 'ssh-ed25519', '\(try blob("second"))',
        '', '2026-01-01T00:00:01Z' FROM accounts WHERE login = 'root';
      """)
    #expect(try logsIn(with: "second"))
    try sql("DELETE FROM account_keys WHERE fingerprint = 'SHA256:first'")
    #expect(try !logsIn(with: "first"))
    let locked = try command(register, ["admin", "--db", database, "lock", "root"])
    try #require(locked.status == 0, "register admin lock: \(locked.output)")
    #expect(try !logsIn(with: "second"))
    let log = (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? ""
    #expect(log.components(separatedBy: "Accepted publickey for root").count == 3)
  }
}
