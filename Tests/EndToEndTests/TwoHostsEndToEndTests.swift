import Foundation
import TestSupport
import Testing

/// A site of two hosts on one PostgreSQL store, real parts only: each host (PrivateHost)
/// has its own `/etc` with the shipped nsswitch lines, its own `/var/lib/extrausers`, its
/// own sshd (the shipped fragments: `join@`'s form and members' `register keys %u`) and its
/// own `register sync --follow`. What a person does at host A's `join@` is what they can
/// do at host B, within two seconds, and logins at B go on while the store is away.
@Suite("Two hosts end to end", .serialized, .cleansUp)
struct TwoHostsEndToEndTests {
  static let password = SSHEndToEndTests.password
  static let changed = "Wt3kHs9xB"
  /// How soon a change at A must be true at B.
  static let soon: TimeInterval = 2

  /// Asks `condition` again and again until it holds or `seconds` have passed; whether it
  /// held.
  func eventually(within seconds: TimeInterval = soon, _ condition: () throws -> Bool) rethrows
    -> Bool
  {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return try condition()
  }

  /// Why B said no: its sshd and its sync, for a failure's message.
  func why(_ server: SSHServer, _ host: PrivateHost) -> String {
    server.lastLogin + "\nsync:\n"
      + host.said.split(separator: "\n").suffix(6).joined(separator: "\n")
  }

  /// Answers piped to `ssh join@A plain`: its status and what it printed.
  func plainSignUp(at server: SSHServer, _ answers: [String]) throws -> (
    status: Int32, output: String
  ) {
    let input = answers.map { $0 + "\n" }.joined()
    let file = "\(server.directory)/answers-\(UUID().uuidString.prefix(8))"
    try input.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let line = (["/usr/bin/ssh"] + server.client(command: "plain")).map { "'\($0)'" }
      .joined(separator: " ")
    return try command("/bin/sh", ["-c", "\(line) < '\(file)'"])
  }

  @Test(
    "sign up at A, log in at B; lock, password, the store away and back; B's local name refused at A",
    .timeLimit(.minutes(5)))
  func twoHosts() throws {
    let store = try PostgresServer()
    defer { store.remove() }
    let uri = try store.makeDatabase()
    let site = [
      "/var/lib/register/accounts.sqlite": uri,
      "review = no": "review = no\nkeys = optional",
      // A form's call waits this long for a store that is away (the default is 30 s).
      "# failover-wait = 30": "failover-wait = 1",
      // As docs/deploy.md says: the sync locks the users on every host, not a hook.
      "on-lock = sudo -n /usr/local/lib/register/register-userlock --lock": "",
      "on-unlock = sudo -n /usr/local/lib/register/register-userlock --unlock": "",
    ]
    let a = try PrivateHost(name: "a")
    // henry is a local user of B only.
    let b = try PrivateHost(name: "b", localUsers: ["henry:x:1500:1500::/home/henry:/bin/sh"])
    let atA = try SSHServer(changes: site, host: a)
    let atB = try SSHServer(changes: site, host: b)
    try a.startSync()
    try b.startSync()
    defer {
      a.stopSync()
      b.stopSync()
    }
    // B's first pass has told the store its own users (and made the schema).
    #expect(
      eventually(within: 20) {
        (try? store.psql(
          uri, "SELECT count(*) FROM local_names WHERE host = 'b' AND name = 'henry'"))
          == "1"
      },
      "B's sync never recorded its local users: \(b.said)"
    )
    // Each pass says what it did as it happens (under systemd, in the journal), not when
    // the sync ends.
    #expect(eventually(within: 10) { b.said.contains("synced ") }, "B's sync has said nothing")

    // Signed up at A's join@ (line by line, with a key), judy logs in at B both ways.
    let key = "\(atA.directory)/judy_key"
    let made = try command("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
    try #require(made.status == 0)
    let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let judy = try plainSignUp(at: atA, ["judy", Self.password, Self.password, publicKey])
    try #require(judy.status == 0, "\(judy.output)")
    #expect(
      try eventually { try atB.login("judy", password: Self.password).succeeded },
      "judy by password at B: \(why(atB, b))")
    #expect(
      try eventually { try atB.login("judy", key: key).succeeded },
      "judy by key at B: \(why(atB, b))")
    #expect(getpwnam("judy") == nil, "this machine's own users are untouched")

    // B's follower holds its copy current: `register keys` answers from it without
    // connecting (a store that is nowhere is not even tried, nothing is said to the log).
    let nowhere = "postgresql://nobody@/none?host=/nonexistent"
    let base64 = String(publicKey.split(separator: " ")[1])
    #expect(
      try eventually(within: 10) {
        let asked = try b.run(Tmux.binary, ["keys", "--db", nowhere, "judy"])
        return asked.status == 0 && asked.output.contains(base64)
          && !asked.output.contains("synced copy")
      }, "B's follower never held its copy current: \(why(atB, b))")
    // A second key given in the store works at B, and stops within two seconds once gone.
    let second = "\(atA.directory)/judy_second"
    let madeSecond = try command(
      "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", second])
    try #require(madeSecond.status == 0)
    let secondKey = try String(contentsOfFile: second + ".pub", encoding: .utf8)
      .split(separator: " ")
    let addSecond = """
      INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
      SELECT 'SHA256:second', id, '\(secondKey[0])', '\(secondKey[1])', '', now()
      FROM accounts WHERE login_key = 'judy'
      """
    let removeSecond = "DELETE FROM account_keys WHERE fingerprint = 'SHA256:second'"
    _ = try store.psql(uri, addSecond)
    #expect(
      try eventually { try atB.login("judy", key: second).succeeded },
      "a second key at B: \(why(atB, b))")
    _ = try store.psql(uri, removeSecond)
    #expect(
      try eventually { try atB.login("judy", key: second).refused },
      "a removed key stops at B: \(why(atB, b))")
    // B's follower stopped, its copy is not known current: `register keys` asks the store.
    b.stopSync()
    _ = try store.psql(uri, addSecond)
    #expect(
      try atB.login("judy", key: second).succeeded, "the store asked at B: \(why(atB, b))")
    let unfollowed = try b.run(Tmux.binary, ["keys", "--db", nowhere, "judy"])
    #expect(unfollowed.output.contains("synced copy"), "\(unfollowed.output)")
    _ = try store.psql(uri, removeSecond)
    #expect(try atB.login("judy", key: second).refused, "removed, B's follower stopped")
    try b.startSync()

    // A login that is a local user of B only is taken at A; nothing is made.
    let henry = try plainSignUp(at: atA, ["henry", Self.password, Self.password, ""])
    #expect(henry.status == 1)
    #expect(henry.output.contains("This login is taken."), "\(henry.output)")
    #expect(try store.psql(uri, "SELECT count(*) FROM accounts WHERE login_key = 'henry'") == "0")

    // Locked at A: B refuses her, by password and by key; unlocked, she is back.
    let locked = try a.run(Tmux.binary, ["admin", "lock", "judy"])
    try #require(locked.status == 0, "\(locked.output)")
    #expect(
      try eventually {
        try atB.login("judy", password: Self.password).refused
          && atB.login("judy", key: key).refused
      }, "the lock at A stops judy at B: \(why(atB, b))")
    let unlocked = try a.run(Tmux.binary, ["admin", "unlock", "judy"])
    try #require(unlocked.status == 0, "\(unlocked.output)")
    #expect(
      try eventually { try atB.login("judy", key: key).succeeded }, "unlocked at B: \(why(atB, b))")

    // The password changed at A (Change password) is the one B takes.
    let change = try a.run(
      Tmux.binary, ["--change-password", "--plain"],
      input: ["judy", Self.password, Self.changed, Self.changed].map { $0 + "\n" }.joined())
    try #require(change.status == 0, "\(change.output)")
    #expect(
      try eventually {
        try atB.login("judy", password: Self.changed).succeeded
          && atB.login("judy", password: Self.password).refused
      }, "the new password at B, the old one refused: \(why(atB, b))")

    // A form open at A while the store goes away: it says sign-up is not available and
    // keeps what was typed; B goes on letting judy in, by password and by key.
    let form = SSHEndToEndTests()
    let tmux = try form.connect(atA, height: 40)
    try form.fill(tmux, login: "karl")
    try tmux.keys("Tab", "Tab")  // past the SSH key (none) to Create account
    try store.stop()
    try tmux.keys("Enter")
    try tmux.wait(forText: "Account not created:")
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("karl") && screen.components(separatedBy: "•••••••••").count == 3)
    #expect(
      try atB.login("judy", password: Self.changed).succeeded,
      "by password, store away: \(why(atB, b))")
    #expect(try atB.login("judy", key: key).succeeded, "by key, store away: \(why(atB, b))")

    // The store back: Create account again, nothing retyped, and karl reaches B.
    try store.start()
    try tmux.keys("Enter")
    #expect(try form.status(tmux) == 0)
    #expect(try tmux.screen().joined(separator: "\n").contains("Account karl created."))
    // B's sync tries the store again after a wait that doubles while it is away (up to a
    // minute): karl is at B by its next try.
    #expect(
      try eventually(within: 20) { try atB.login("karl", password: Self.password).succeeded },
      "karl, signed up once the store was back, at B: \(why(atB, b))")
  }
}
