import Foundation
import TestSupport
import Testing

/// The admin's first week, end to end, on a system set up as docs/ssh.md says
/// (`GuideSystem`) with `review = yes`: a stranger applies over `ssh join@`, is approved in
/// `register admin review`, logs in as the Unix user the hook made; then lock, reset,
/// delete, a ban and the door closed, and the audit log of it all, with the admin's name
/// and nothing secret. The admin is `ada`, who may run register as join through sudo, as
/// /etc/sudoers.d/register's comment has it. Once on SQLite, once on PostgreSQL.
@Suite("Admin walkthrough end to end", .serialized, .cleansUp)
struct AdminWalkthroughEndToEndTests {
  static let password = "Zq7vLm2pR"
  static let newPassword = "Wt3kHs9xB"

  enum Store: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }
  }

  /// `register admin ARGUMENTS` as ada, through sudo as join (a shell line for the system).
  /// sudo, not su: `su -c` runs its command without the controlling terminal.
  static func asAdmin(_ arguments: String) -> String {
    "cd / && sudo -u ada sudo -u join /usr/local/bin/register admin \(arguments)"
  }

  @Test(
    "review = yes: apply, approve in review, log in, lock, reset, delete, ban, close; the log",
    .timeLimit(.minutes(5)), arguments: Store.allCases)
  func week(store: Store) throws {
    var postgres: PostgresServer?
    defer { postgres?.remove() }
    var changes = [
      "review = no": "review = yes",
      "# contact = admins@example.org": "contact = admins@example.org",
    ]
    // A URI with a password: the site file is root's and join's alone (0640).
    var siteMode = "-m 0644"
    var secrets = [Self.password, Self.newPassword, "$y$"]
    if store == .postgresql {
      let server = try PostgresServer(tcp: true)
      postgres = server
      let name = try #require(
        try server.makeDatabase().split(separator: "?").first?.split(separator: "/").last)
      let uri = try #require(server.tcpURI(String(name)))
      changes["db = /var/lib/register/accounts.sqlite"] = "db = \(uri)"
      siteMode = "-m 0640 -g join"
      let userinfo = try #require(uri.split(separator: "@").first?.split(separator: ":").last)
      secrets.append(String(userinfo))
    }
    let site = try SSHServer.shipped("deploy/register.conf", changes)
    let system = try GuideSystem(
      afterwards: """
        install \(siteMode) "$RUN/site.conf" /etc/register/register.conf
        useradd --create-home --shell /bin/sh ada
        echo 'ada ALL=(join) NOPASSWD: /usr/local/bin/register' > /etc/sudoers.d/admins
        chmod 0440 /etc/sudoers.d/admins
        visudo -cf /etc/sudoers.d/admins
        """, files: ["site.conf": site])
    let pane = try Pane()
    func admin(_ arguments: String) throws -> (status: Int32, output: String) {
      try system.run(Self.asAdmin(arguments))
    }
    func unixUser() throws -> Bool { try system.run("getent passwd newbie").status == 0 }
    let join = system.client("join", "-tt")

    /// ssh as newbie with `password`: its status (255 when refused).
    func logIn(_ password: String) throws -> Int? {
      let run = try pane.start("\(system.client("newbie")) 'echo logged-in-$((6*7))'")
      try pane.tmux.wait(forText: "newbie@127.0.0.1's password:")
      try pane.tmux.run(["send-keys", "-t", "0", "-l", password])
      try pane.tmux.keys("Enter")
      return try pane.status(run)
    }
    /// Sign in at join@ as newbie with `password`, until `answer` shows.
    func signIn(_ password: String, answer: String) throws {
      let run = try pane.start("\(join) sign-in")
      try pane.tmux.wait(forText: "No account yet? Create one")
      try pane.tmux.type("newbie")
      try pane.tmux.keys("Tab")
      try pane.tmux.type(password)
      try pane.tmux.keys("Tab", "Enter")
      if answer.hasPrefix("Signed in as") {
        // Over SSH keys are optional by default: the account screen first; Done (Esc) ends it.
        try pane.tmux.wait(forText: "Your account: newbie")
        try pane.tmux.keys("Escape")
      }
      try pane.tmux.wait(forText: answer)
      if try !pane.ended(run) { try pane.tmux.keys("Escape", "Escape") }
      _ = try pane.status(run)
    }
    /// Reset password at join@ with `code`: the new password set, or `refusal` shown.
    func reset(_ code: String, refusal: String? = nil) throws -> Int? {
      let run = try pane.start("\(join) reset")
      try pane.tmux.wait(forText: "One-time code")
      try pane.tmux.type("newbie")
      try pane.tmux.keys("Tab")
      try pane.tmux.type(code)
      try pane.tmux.keys("Tab")
      try pane.tmux.type(Self.newPassword)
      try pane.tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
      try pane.tmux.keys("Tab")
      try pane.tmux.type(Self.newPassword)
      try pane.tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
      try pane.tmux.keys("Enter")
      if let refusal {
        try pane.tmux.wait(forText: refusal)
        if try !pane.ended(run) { try pane.tmux.keys("Escape", "Escape") }
      }
      return try pane.status(run)
    }

    // A stranger applies: told it is received; no Unix user, no login, Sign in says why.
    let apply = try pane.start(join)
    try pane.tmux.wait(forText: "Create account")
    try pane.tmux.type("newbie")
    try pane.tmux.keys("Tab")
    try pane.tmux.type(Self.password)
    try pane.tmux.keys("Tab")
    try pane.tmux.type(Self.password)
    try pane.tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try pane.tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try pane.tmux.keys("Enter")
    try pane.tmux.wait(forText: "Your application was received")
    try #require(try pane.status(apply) == 0)
    #expect(try !unixUser(), "no Unix user before approval")
    #expect(try logIn(Self.password) == 255)
    #expect(try !pane.text().contains("logged-in-42"))
    try signIn(Self.password, answer: "Your application is waiting for approval.")

    // The admin approves in the review screen; the hook makes the Unix user.
    let review = try pane.start(system.line(Self.asAdmin("review")))
    try pane.tmux.wait(forText: "Pending accounts: 1")
    try pane.tmux.wait(forText: "newbie")
    try pane.tmux.type("a")
    try pane.tmux.wait(forText: "Approved newbie; on-create done.")
    try pane.tmux.wait(forText: "Pending accounts: 0")
    try pane.tmux.type("q")
    #expect(try pane.status(review) == 0)
    try #require(try unixUser(), "the hook made the Unix user")
    #expect(try logIn(Self.password) == 0)
    #expect(try pane.text().contains("logged-in-42"))

    // Locked: Sign in says so with the reason, and ssh lets them in no more: the site
    // file's on-lock (register-userlock) locks the Unix user too; on-unlock lets it in again.
    let lock = try admin("lock newbie --reason 'spam, see ticket 7'")
    #expect(lock.status == 0, "\(lock.output)")
    #expect(lock.output.contains("on-lock done"), "\(lock.output)")
    try signIn(Self.password, answer: "This account is locked: spam, see ticket 7")
    #expect(try logIn(Self.password) == 255, "a locked account's Unix user cannot log in")
    #expect(try !pane.text().contains("logged-in-42"))
    let unlock = try admin("unlock newbie")
    #expect(unlock.status == 0, "\(unlock.output)")
    #expect(try logIn(Self.password) == 0, "unlocked, the Unix user logs in again")
    #expect(try pane.text().contains("logged-in-42"))

    // A reset: the code works once; the new password signs in.
    let made = try admin("reset newbie")
    #expect(made.status == 0, "\(made.output)")
    let code = try #require(made.output.split(whereSeparator: \.isWhitespace).last.map(String.init))
    secrets.append(code)
    #expect(try reset(code) == 0)
    try signIn(Self.newPassword, answer: "Signed in as newbie.")
    #expect(try reset(code, refusal: "Wrong login or code") != 0, "a second use is refused")

    // Deleted: the Unix user goes, the name stays taken at Sign up.
    let deleted = try admin("delete newbie")
    #expect(deleted.status == 0, "\(deleted.output)")
    #expect(try !unixUser(), "on-delete removed the Unix user")
    let again = try pane.start(join)
    try pane.tmux.wait(forText: "Create account")
    try pane.tmux.type("newbie")
    try pane.tmux.wait(forText: "✗ This login is taken.")
    try pane.tmux.keys("C-c")
    #expect(try pane.status(again) == 130)

    // A banned address is refused before the form; the others are not.
    #expect(try admin("ban address 127.0.0.2/32").status == 0)
    let banned = try pane.start("\(system.client("join", "-tt -b 127.0.0.2"))")
    #expect(try pane.status(banned) == 6)
    let refusal = try pane.text().replacingOccurrences(of: "\n", with: "")
    #expect(refusal.contains("sign-ups from this address are not accepted"))
    #expect(refusal.contains("admins@example.org"))
    #expect(!refusal.contains("Create account"), "refused before the form")

    // The door closed with a message: a stranger sees it.
    #expect(try admin("close --message 'back on Monday'").status == 0)
    let closed = try pane.start(join)
    #expect(try pane.status(closed) == 6)
    #expect(try pane.text().contains("sign-ups are closed: back on Monday"))

    // The log: every step, the admin's name on each of the admin's, nothing secret.
    let log = try admin("log --json")
    #expect(log.status == 0)
    let entries = log.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    func entry(_ action: String) -> [String: Any]? {
      entries.first { $0["action"] as? String == action }
    }
    #expect(entry("sign-up")?["login"] as? String == "newbie")
    #expect(entry("sign-up")?["client_address"] as? String == "127.0.0.1")
    #expect(entry("reset-used")?["login"] as? String == "newbie")
    for action in ["approve", "lock", "unlock", "reset", "delete", "ban", "close"] {
      #expect(entry(action)?["by"] as? String == "ada as join", "\(action) by ada")
    }
    #expect(entry("lock")?["detail"] as? String == "spam, see ticket 7")
    #expect(entry("ban")?["detail"] as? String == "address 127.0.0.2/32")
    let table = try admin("log")
    #expect(table.status == 0)
    for text in [log.output, table.output] {
      #expect(text.contains("newbie"))
      for secret in secrets { #expect(!text.contains(secret), "the log holds no secret") }
    }
  }
}

/// One tmux pane for a run of commands, one after another: each cleared first, its exit
/// status written to a file of its own.
final class Pane {
  let tmux: Tmux
  private var count = 0

  init() throws { tmux = try Tmux() }

  /// Types `line` at the shell (cleared first): the file its status goes to. Returns once
  /// the screen is cleared for it: a wait for text must not find the command before's (a
  /// refused ssh's password prompt matched at once, and the password was typed before the
  /// new ssh asked for it, which then waited for good).
  func start(_ line: String) throws -> String {
    count += 1
    let file = "\(tmux.directory)/status-\(count)"
    // Keys a program left unread (an Esc after it ended) are dropped with the line.
    try tmux.keys("C-u")
    // The marker is made by the shell's arithmetic: the typed line does not show it.
    try tmux.shell("clear; echo '[step' $((\(count) + 0))']'; \(line); echo $? > \(file)")
    try tmux.wait(forText: "[step \(count)]")
    return file
  }

  func ended(_ file: String) throws -> Bool {
    !((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").isEmpty
  }

  /// Waits for the command to end: its status.
  func status(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
    try tmux.wait(for: "the command to end", sourceLocation: sourceLocation) { _ in
      (try? self.ended(file)) == true
    }
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The pane's screen as one text.
  func text() throws -> String { try tmux.screen().joined(separator: "\n") }
}
