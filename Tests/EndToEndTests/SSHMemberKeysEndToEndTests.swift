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
    try LoopbackSSHD.makeKeys(["first", "second"], in: folder)
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
    let sshd = try LoopbackSSHD(
      folder: folder,
      settings: """
        KbdInteractiveAuthentication no
        AuthorizedKeysFile none
        ForceCommand echo in
        Include \(folder)/register-keys.conf
        """)
    defer { sshd.stop() }
    func logsIn(with key: String) throws -> Bool {
      let session = try sshd.logIn(with: key)
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
    #expect(sshd.log.components(separatedBy: "Accepted publickey for root").count == 3)
  }
}
