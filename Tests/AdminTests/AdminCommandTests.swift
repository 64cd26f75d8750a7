import Accounts
import Admin
import Foundation
import Registration
import TestSupport
import Testing

@Suite("register admin, on every engine")
struct AdminCommandTests {
  @Test(
    "list streams accounts as a table and as JSON Lines, by state and age",
    arguments: AdminEngine.allCases)
  func list(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    _ = try store.service.createAccount(
      login: "alice", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    _ = try store.service.createAccount(login: "bob", password: "Zq7vLm2pR")
    let table = store.admin("list")
    #expect(table.status == 0)
    #expect(table.lines.count == 3)
    #expect(table.lines[0].hasPrefix("LOGIN                STATE    CREATED"))
    #expect(table.lines[1].hasPrefix("alice                pending  20"))
    #expect(table.lines[1].contains("192.0.2.7"))
    let json = try store.admin("list", "--json").objects()
    #expect(json.map { $0["login"] as? String } == ["alice", "bob"])
    #expect(json[0]["state"] as? String == "pending")
    #expect(json[0]["client_address"] as? String == "192.0.2.7")
    #expect(json[1]["client_address"] is NSNull)
    #expect((json[0]["created_at"] as? String)?.hasSuffix("Z") == true)
    _ = try store.service.approve("bob", by: nil)
    #expect(try store.admin("list", "--state", "active", "--json").objects().count == 1)
    #expect(try store.admin("list", "--since", "7d", "--json").objects().count == 2)
    let shown = try store.admin("show", "ALICE", "--json").objects()
    #expect(shown.map { $0["login"] as? String } == ["alice", "alice"], "the account, its sign-up")
    #expect(shown[1]["action"] as? String == "sign-up")
    #expect(store.admin("show", "nobody").status == 1)
    #expect(store.admin("list", "--state", "gone").status == 2)
    #expect(store.admin("list", "--since", "soon").status == 2)
  }

  @Test(
    "approve runs --on-create with REGISTER_*; a failing hook leaves it pending",
    arguments: AdminEngine.allCases)
  func approve(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    let made = try store.service.createAccount(
      login: "alice", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    let failed = store.admin("approve", "alice", "--on-create", "false")
    #expect(failed.status == 4)
    #expect(failed.complaints.joined().contains("stays pending"))
    #expect(try store.service.account("alice")?.state == .pending)
    let written = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hook-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: written) }
    let done = store.admin(
      "approve", "alice", "--on-create",
      "sh -c 'echo \"$REGISTER_LOGIN $REGISTER_CLIENT_ADDRESS $REGISTER_PASSWORD_HASH\" > \(written.path)'"
    )
    #expect(done.status == 0, "\(done.complaints)")
    #expect(
      try String(contentsOf: written, encoding: .utf8)
        == "alice 192.0.2.7 \(made.passwordHash)\n")
    #expect(try store.service.account("alice")?.state == .active)
    let again = store.admin("approve", "alice")
    #expect(again.status == 1)
    #expect(again.complaints.joined().contains("decided already"))
    #expect(store.admin("approve", "nobody").status == 1)
  }

  @Test(
    "reject, lock, unlock, delete, each written to the log with the admin's name",
    arguments: AdminEngine.allCases)
  func decisions(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    _ = try store.service.createAccount(login: "spam", password: "Zq7vLm2pR")
    _ = try store.service.createAccount(login: "carol", password: "Zq7vLm2pR")
    #expect(store.admin("reject", "spam", "--reason", "bot").status == 0)
    let second = store.admin("reject", "spam")
    #expect(second.status == 1 && second.complaints.joined().contains("decided already"))
    #expect(store.admin("approve", "carol").status == 0)
    #expect(store.admin("lock", "carol", "--reason", "abuse").status == 0)
    #expect(throws: AccountStoreError.accountLocked(reason: "abuse")) {
      try store.service.signIn(login: "carol", password: "Zq7vLm2pR")
    }
    #expect(store.admin("unlock", "carol").status == 0)
    let deleted = store.admin("delete", "carol", "--on-delete", "true")
    #expect(deleted.status == 0)
    #expect(deleted.text.contains("held for 90 days"))
    #expect(try store.service.availability(of: "Carol") == .taken)
    let log = try store.admin("log", "--json").objects()
    #expect(
      log.map { $0["action"] as? String }
        == ["sign-up", "sign-up", "reject", "approve", "lock", "unlock", "delete"])
    #expect(log[2...].allSatisfy { ($0["by"] as? String)?.hasPrefix("alice as ") == true })
    #expect(log[4]["detail"] as? String == "abuse")
    #expect(store.admin("log", "--since", "1h").lines.count == 8, "a heading and 7 rows")
  }

  @Test("a failing --on-delete keeps the account", arguments: AdminEngine.allCases)
  func deleteHookFails(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "dave", password: "Zq7vLm2pR")
    #expect(store.admin("delete", "dave", "--on-delete", "false").status == 4)
    #expect(try store.service.account("dave") != nil)
  }

  @Test(
    "reset prints a code once; it works once; the log never has it",
    arguments: AdminEngine.allCases)
  func reset(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "erin", password: "Zq7vLm2pR")
    let run = store.admin("reset", "erin")
    #expect(run.status == 0)
    let code = try #require(run.text.split(separator: " ").last.map(String.init))
    #expect(
      try store.service.redeemResetCode(login: "erin", code: code, newPassword: "New9passw")?
        .login == "erin")
    #expect(
      try store.service.redeemResetCode(login: "erin", code: code, newPassword: "x9Yx9Yx9Y") == nil)
    #expect(!store.admin("log").text.contains(code))
    #expect(!store.admin("log", "--json").text.contains(code))
    #expect(!store.admin("show", "erin").text.contains(code))
  }

  @Test("bans and the door, at once for the store", arguments: AdminEngine.allCases)
  func bansAndDoor(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    #expect(store.admin("ban", "address", "::ffff:203.0.113.0/120").status == 0)
    #expect(store.admin("ban", "login", "bad*").status == 0)
    #expect(store.admin("ban", "login", "BAD*").status == 1, "banned already")
    #expect(store.admin("ban", "address", "nowhere").status == 2)
    #expect(store.admin("ban", "host", "x").status == 2)
    #expect(try store.service.isBanned(address: "203.0.113.5"))
    #expect(try store.service.availability(of: "badger") == .taken)
    let bans = try store.admin("bans", "--json").objects()
    #expect(Set(bans.compactMap { $0["pattern"] as? String }) == ["203.0.113.0/24", "bad*"])
    #expect(store.admin("unban", "login", "bad*").status == 0)
    #expect(store.admin("unban", "login", "bad*").status == 1)
    #expect(store.admin("close", "--message", "full until Monday").status == 0)
    #expect(try store.service.door() == DoorState(closed: true, message: "full until Monday"))
    #expect(store.admin("open").status == 0)
    #expect(try store.service.door() == .open)
  }

  @Test("what users typed is escaped in tables and in JSON", arguments: AdminEngine.allCases)
  func escaping(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "frank", password: "Zq7vLm2pR")
    #expect(store.admin("lock", "frank", "--reason", "evil\u{1B}]0;owned\u{07}").status == 0)
    let table = store.admin("list").text
    #expect(!table.contains("\u{1B}") && !table.contains("\u{07}"))
    let json = store.admin("list", "--json").text
    #expect(!json.contains("\u{1B}") && json.contains("\\u001b"))
    #expect(
      try store.admin("list", "--json").objects()[0]["reason"] as? String
        == "evil\u{1B}]0;owned\u{07}")
    // Format characters too (a right-to-left override turns what follows around on screen),
    // as in the program's own JSON.
    _ = try store.service.createAccount(login: "grace", password: "Zq7vLm2pR")
    #expect(store.admin("lock", "grace", "--reason", "a\u{202E}b").status == 0)
    let shown = store.admin("list", "--json").text
    #expect(!shown.contains("\u{202E}") && shown.contains("\\u202e"), "\(shown)")
  }

  @Test(
    "approve and reject at once: one decides, the other is told", arguments: AdminEngine.allCases)
  func race(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    for round in 0..<3 {
      _ = try store.service.createAccount(login: "gina\(round)", password: "Zq7vLm2pR")
      let runs = try concurrently(
        2, prepare: { index in index },
        run: { index in store.admin(index == 0 ? "approve" : "reject", "gina\(round)") })
      #expect(runs.map(\.status).sorted() == [0, 1], "\(runs.map(\.complaints))")
      #expect(runs.contains { $0.complaints.joined().contains("decided already") })
    }
  }
}

@Suite("register admin: usage, help, the store, SSH")
struct AdminUsageTests {
  @Test("every subcommand has --help; wrong words are usage, exit 2")
  func usage() throws {
    let store = try AdminStore(.sqlite)
    #expect(store.admin("--help").status == 0)
    for subcommand in [
      "list", "show", "approve", "reject", "lock", "unlock", "delete", "reset", "ban", "unban",
      "bans", "close", "open", "log",
    ] {
      let help = store.admin(subcommand, "--help")
      #expect(help.status == 0 && help.text.contains("Usage: register admin \(subcommand)"))
    }
    #expect(store.admin([]).status == 2)
    #expect(store.admin("frobnicate").status == 2)
    #expect(store.admin("approve").status == 2)
    #expect(store.admin("approve", "a", "b").status == 2)
    #expect(store.admin("approve", "a", "--reason", "x").status == 2)
    #expect(store.admin("list", "--bogus").status == 2)
    #expect(store.admin("list", "--state").status == 2)
  }

  @Test("a store that cannot be opened is exit 3, with the reason")
  func unavailable() throws {
    let run = AdminCommand.run(
      arguments: ["list", "--db", "/nonexistent-\(UUID().uuidString)/accounts.sqlite"],
      environment: [:],
      output: AdminOutput(line: { _ in }, complaint: { _ in }))
    #expect(run == 3)
    let store = try AdminStore(.sqlite, review: false)
    _ = try store.service.createAccount(login: "hal", password: "Zq7vLm2pR")
    let folder = try #require(store.folderPath)
    // Read-only: nothing can be written, and the admin says so.
    chmod(store.place, 0o400)
    defer { chmod(store.place, 0o600) }
    if getuid() != 0 {
      let locked = store.admin("lock", "hal")
      #expect(locked.status == 3)
      #expect(!locked.complaints.isEmpty)
    }
    _ = folder
  }

  @Test("under a forced command (SSH_ORIGINAL_COMMAND), refused whatever argv says")
  func overSSH() throws {
    let store = try AdminStore(.sqlite)
    let run = store.admin(
      ["list"], environment: ["SSH_ORIGINAL_COMMAND": "admin list", "SSH_CONNECTION": "a b c d"])
    #expect(run.status == 2)
    #expect(run.lines.isEmpty)
  }
}
