import Foundation
import Testing

/// The site file through the real binary: the shipped example sets what the flags would,
/// a flag wins over it, and a file that is wrong or planted stops the start (exit 2).
@Suite("Site file end to end", .serialized, .cleansUp)
final class SiteFileEndToEndTests {
  let directory: String
  static let answers = "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n"

  init() throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-site-e2e-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes a site file (0644) and returns its path.
  func site(_ text: String, name: String = "register.conf", mode: Int = 0o644) throws -> String {
    let path = "\(directory)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  /// Runs the binary with `arguments`, its answers piped in (line by line).
  func run(_ arguments: String, input: String = answers) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", "printf '\(input)' | \(Tmux.binary) \(arguments) 2>&1"])
  }

  /// The shipped deploy/register.conf with this run's database and hook.
  func shipped() throws -> String {
    var text = try String(
      contentsOfFile: Shipping.root + "/deploy/register.conf", encoding: .utf8)
    for (shipped, test) in [
      "/var/lib/register/accounts.sqlite": "\(directory)/accounts.sqlite",
      "sudo -n /usr/local/lib/register/register-useradd":
        "/bin/sh -c 'echo \"$REGISTER_LOGIN\" > \(directory)/hook-ran'",
    ] {
      try #require(
        text.components(separatedBy: shipped).count == 2, "deploy/register.conf: \(shipped)")
      text = text.replacingOccurrences(of: shipped, with: test)
    }
    return try site(text)
  }

  @Test("the shipped site file: its database, its hook and --unix-names, with no flag for them")
  func shippedFile() throws {
    let path = try shipped()
    let result = try run("--config \(path) --password-policy off")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("{\"login\":\"alice\""))
    #expect(FileManager.default.fileExists(atPath: "\(directory)/accounts.sqlite"))
    #expect(
      (try? String(contentsOfFile: "\(directory)/hook-ran", encoding: .utf8)) == "alice\n")
    // unix-names = yes: a login useradd would refuse is unmet (a script is not asked twice).
    let upper = try run(
      "--config \(path) --password-policy off", input: "Alice2\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(upper.status == 1, "\(upper.output)")
    let flagless = try site("db = \(directory)/b.sqlite\npassword-policy = off\n", name: "b.conf")
    #expect(try run("--config \(flagless)", input: "Alice2\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
  }

  @Test("a flag on the command line wins over the file")
  func flagWins() throws {
    let path = try site("db = \(directory)/file.sqlite\npassword-policy = off\n")
    #expect(try run("--config \(path) --db \(directory)/flag.sqlite").status == 0)
    #expect(FileManager.default.fileExists(atPath: "\(directory)/flag.sqlite"))
    #expect(!FileManager.default.fileExists(atPath: "\(directory)/file.sqlite"))
    #expect(try run("--config \(path)", input: "bob4\\nZq7vLm2pR\\nZq7vLm2pR\\n").status == 0)
    #expect(FileManager.default.fileExists(atPath: "\(directory)/file.sqlite"))
  }

  @Test("a wrong line: FILE:LINE: reason on stderr, exit 2, nothing made")
  func wrongLine() throws {
    let path = try site("db = \(directory)/a.sqlite\n\npassword = off\n")
    let result = try run("--config \(path)")
    #expect(result.status == 2)
    #expect(
      result.output
        == "register: \(path):3: password = off needs keys = required: an account without a "
        + "password signs in with its key\n")
    let unknown = try site("colour = red\n", name: "unknown.conf")
    #expect(
      try run("--config \(unknown)").output
        == "register: \(unknown):1: colour is not a key of register.conf(5)\n")
    #expect(!FileManager.default.fileExists(atPath: "\(directory)/a.sqlite"))
  }

  @Test("a planted file: writable by others, a symbolic link, another user's, or missing")
  func planted() throws {
    let writable = try site("db = \(directory)/a.sqlite\n", name: "writable.conf", mode: 0o666)
    let result = try run("--config \(writable)")
    #expect(result.status == 2)
    #expect(
      result.output
        == "register: \(writable): can be written by group or others (mode 0666): chmod go-w it\n")
    let real = try site("db = \(directory)/a.sqlite\n", name: "real.conf")
    try FileManager.default.createSymbolicLink(
      atPath: "\(directory)/link.conf", withDestinationPath: real)
    #expect(
      try run("--config \(directory)/link.conf").output
        == "register: \(directory)/link.conf: is a symbolic link: give the real path\n")
    if geteuid() == 0 {
      #expect(chown(real, 65534, 65534) == 0)
      let other = try run("--config \(real)")
      #expect(other.status == 2)
      #expect(
        other.output == "register: \(real): belongs to uid 65534: it must be root's or yours\n")
    }
    let missing = try run("--config \(directory)/none.conf")
    #expect(missing.status == 2)
    #expect(missing.output == "register: \(directory)/none.conf: no such file\n")
    #expect(!FileManager.default.fileExists(atPath: "\(directory)/a.sqlite"))
  }

  @Test("questions are asked line by line after the password; --json carries the answers")
  func questions() throws {
    let path = try site(
      "db = \(directory)/q.sqlite\npassword-policy = off\n\n"
        + "[question email]\nlabel = Your e-mail\nkind = email\nrequired = yes\n\n"
        + "[question rules]\nlabel = I accept the rules\nkind = checkbox\nrequired = yes\n")
    let result = try run(
      "--config \(path) --json", input: Self.answers + "bob@example.org\\nyes\\n")
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.contains(#""answers":{"email":"bob@example.org","rules":true}}"#),
      "\(result.output)")
  }

  @Test("review = yes: the account is pending, no hook runs, and Sign in says it is waiting")
  func review() throws {
    let path = try site(
      """
      db = \(directory)/review.sqlite
      review = yes
      password-policy = off
      on-create = /bin/sh -c 'echo "$REGISTER_LOGIN" > \(directory)/hook-ran'

      """)
    let signUp = try run("--config \(path) --plain")
    #expect(signUp.status == 0, "\(signUp.output)")
    #expect(signUp.output.contains(#""login":"alice""#), "\(signUp.output)")
    #expect(signUp.output.contains(#""state":"pending"}"#), "\(signUp.output)")
    #expect(!FileManager.default.fileExists(atPath: "\(directory)/hook-ran"))

    let signIn = try run("--config \(path) --sign-in", input: "alice\\nZq7vLm2pR\\n")
    #expect(signIn.status == 5, "\(signIn.output)")
    #expect(signIn.output.contains("Your application is waiting for approval."))
    #expect(!signIn.output.contains("Signed in"))
    // A wrong password is told nothing of the state.
    let wrong = try run("--config \(path) --sign-in", input: "alice\\nWrong1234x\\n")
    #expect(wrong.status == 5)
    #expect(!wrong.output.contains("approval"), "\(wrong.output)")

    // Without review the same file makes active accounts, and the hook runs.
    let open = try site(
      "db = \(directory)/open.sqlite\npassword-policy = off\n", name: "open.conf")
    #expect(try run("--config \(open)").output.contains(#""state":"active"}"#))
  }

  @Test("a banned address (register admin ban address): the SSH client exits 6 before a question")
  func bannedAddress() throws {
    let database = "\(directory)/door.sqlite"
    let path = try site(
      "db = \(database)\npassword-policy = off\ncontact = admins@example.org\n",
      name: "door.conf")
    // The store exists once someone signed up; then the admin bans the client's network.
    #expect(try run("--config \(path)").status == 0)
    let ban = try command(
      "/bin/sh", ["-c", "\(Tmux.binary) admin ban address 192.0.2.0/24 --db \(database) 2>&1"])
    #expect(ban.status == 0, "\(ban.output)")

    /// A client over SSH from `address`, its answers piped in (`ssh join@host plain`).
    func client(_ address: String) throws -> (status: Int32, output: String) {
      try command(
        "/bin/sh",
        [
          "-c",
          "printf 'bobby\\nZq7vLm2pR\\nZq7vLm2pR\\n' | env -u XDG_RUNTIME_DIR HOME=\(directory) "
            + "SSH_CONNECTION='\(address) 50000 192.0.2.1 22' SSH_ORIGINAL_COMMAND=plain "
            + "\(Tmux.binary) --config \(path) 2>&1",
        ])
    }
    let banned = try client("::ffff:192.0.2.7")
    #expect(banned.status == 6, "\(banned.output)")
    #expect(
      banned.output
        == "register: sign-ups from this address are not accepted "
        + "(to write to this site: admins@example.org)\n")
    #expect(!banned.output.contains("Login"))
    // Another address is let in and signs up.
    let other = try client("198.51.100.9")
    #expect(other.status == 0, "\(other.output)")
    #expect(other.output.contains(#""login":"bobby""#))
  }

  @Test("sign-ups = closed: Sign up is refused before a question (exit 6), Sign in still works")
  func closed() throws {
    let path = try site(
      "db = \(directory)/closed.sqlite\npassword-policy = off\n", name: "first.conf")
    #expect(try run("--config \(path)").status == 0)
    let closed = try site(
      "db = \(directory)/closed.sqlite\npassword-policy = off\nsign-ups = closed\n",
      name: "closed.conf")
    let refused = try run("--config \(closed)", input: "bobby\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(refused.status == 6, "\(refused.output)")
    #expect(refused.output == "register: sign-ups are closed\n")
    let signIn = try run("--config \(closed) --sign-in", input: "alice\\nZq7vLm2pR\\n")
    #expect(signIn.status == 0, "\(signIn.output)")
  }

  @Test("a store that cannot be opened: over SSH one sentence and the contact, by hand the path")
  func storeHidden() throws {
    let missing = "\(directory)/no-such-folder/accounts.sqlite"
    let path = try site(
      "db = \(missing)\npassword-policy = off\ncontact = admins@example.org\n",
      name: "hidden.conf")
    let stranger = try command(
      "/bin/sh",
      [
        "-c",
        "printf 'bobby\\n' | env -u XDG_RUNTIME_DIR HOME=\(directory) "
          + "SSH_CONNECTION='198.51.100.9 50000 192.0.2.1 22' SSH_ORIGINAL_COMMAND=plain "
          + "\(Tmux.binary) --config \(path) 2>&1",
      ])
    #expect(stranger.status == 3)
    #expect(
      stranger.output
        == "register: Sign-up is not available now. (to write to this site: admins@example.org)\n")
    let admin = try run("--config \(path)")
    #expect(admin.status == 3)
    #expect(admin.output.contains(missing), "\(admin.output)")
  }
}
