import Accounts
import Registration
import Synchronization
import TestSupport
import Testing

@Suite("The audit log, bans, the door and reset codes, on every engine")
struct AuditLogTests {
  /// Every audit row of the store.
  private func rows(_ store: OpenedStore) throws -> [AuditEntry] {
    var rows: [AuditEntry] = []
    try store.service.forEachAuditEntry(since: nil) { rows.append($0) }
    return rows
  }

  @Test("each event is one row, with who did it, and nothing secret", arguments: Engine.allCases)
  func everyEvent(engine: Engine) throws {
    let logged = Mutex<[AuditEntry]>([])
    let options = StoreOptions(
      review: true, clientAddress: "192.0.2.9",
      systemLog: { entry in logged.withLock { $0.append(entry) } })
    let store = try engine.makeStore(options: options)
    let made = try store.createAccount(
      login: "alice", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    _ = try store.service.approve("alice", by: "bob as root")
    _ = try store.signIn(login: "alice", password: "wrong pass")
    _ = try store.signIn(login: "nobody", password: "wrong pass")
    _ = try store.service.lock("alice", reason: "abuse", by: "bob")
    _ = try store.service.unlock("alice", by: "bob")
    let code = try #require(try store.service.makeResetCode(for: "alice", by: "bob")).code
    _ = try store.service.ban(.address, "198.51.100.0/24", by: "bob")
    _ = try store.service.unban(.address, "198.51.100.0/24", by: "bob")
    try store.service.setDoor(DoorState(closed: true, message: "back soon"), by: "bob")
    try store.service.setDoor(.open, by: "bob")
    _ = try store.service.delete("alice", by: "bob")
    let rows = try rows(store)
    #expect(
      rows.map(\.action) == [
        .signUp, .approve, .signInFailed, .lock, .unlock, .reset, .ban, .unban, .close, .open,
        .delete,
      ])
    #expect(rows[0].login == "alice" && rows[0].clientAddress == "192.0.2.7")
    #expect(rows[1].by == "bob as root")
    #expect(rows[2].login == "alice" && rows[2].clientAddress == "192.0.2.9")
    #expect(rows[3].detail == "abuse")
    #expect(rows[8].detail == "back soon")
    #expect(rows.allSatisfy { $0.at.hasSuffix("Z") && $0.at.count == 20 })
    // The system log has every row, and the failed sign-in of a login with no account,
    // which the store does not keep (strangers could grow it without end), nor its login.
    let lines = logged.withLock { $0 }
    #expect(
      lines.map(\.action) == Array(rows.map(\.action)[..<3]) + [.signInFailed]
        + rows.map(\.action)[3...])
    #expect(lines[3].login == nil && lines[3].clientAddress == "192.0.2.9")
    #expect(lines[1].logLine == "approve login=alice from=192.0.2.7 by=\"bob as root\"")
    let everything = rows.map { "\($0) \($0.logLine)" }.joined()
    #expect(!everything.contains(made.passwordHash) && !everything.contains(code))
    #expect(!everything.contains("Zq7vLm2pR") && !everything.contains("wrong pass"))
    #expect(try !store.query("SELECT * FROM audit_log").contains("$y$"))
  }

  @Test("a throttled sign-in is a row of its own", arguments: Engine.allCases)
  func throttledRow(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    var throttled = false
    for _ in 0..<8 where !throttled {
      do { _ = try store.signIn(login: "alice", password: "wrong pass") } catch .throttled {
        throttled = true
      }
    }
    #expect(throttled)
    #expect(try rows(store).last?.action == .signInThrottled)
  }

  @Test("a login ban is a glob over the identity key, at once", arguments: Engine.allCases)
  func loginBan(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(try store.service.ban(.login, "Spam*", by: "root"))
    #expect(try !store.service.ban(.login, "spam*", by: "root"), "banned already")
    #expect(try store.availability(of: "SPAMMER") == .taken)
    #expect(try store.again().availability(of: "spam1") == .taken)
    #expect(try store.availability(of: "ham") == .free)
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "spam2", password: "Zq7vLm2pR")
    }
    #expect(try store.service.isBanned(login: "Spamx"))
    #expect(try store.service.bans().map(\.pattern) == ["spam*"])
    #expect(try store.service.unban(.login, "SPAM*", by: "root"))
    #expect(try store.availability(of: "spam1") == .free)
  }

  @Test(
    "an address ban is a network, IPv4 and IPv6, mapped IPv6 as IPv4",
    arguments: Engine.allCases)
  func addressBan(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(try store.service.ban(.address, "198.51.100.7/24", by: "root"))
    #expect(try store.service.ban(.address, "2001:db8::/32", by: "root"))
    #expect(throws: AccountStoreError.self) { try store.service.ban(.address, "nonsense", by: nil) }
    #expect(Set(try store.service.bans().map(\.pattern)) == ["198.51.100.0/24", "2001:db8::/32"])
    for banned in ["198.51.100.200", "::ffff:198.51.100.1", "2001:db8:5::1", "2001:DB8::1%eth0"] {
      #expect(try store.service.isBanned(address: banned), "\(banned)")
    }
    for free in ["198.51.101.1", "2001:db9::1", "::ffff:198.51.101.1", "not an address"] {
      #expect(try !store.service.isBanned(address: free), "\(free)")
    }
    #expect(throws: AccountStoreError.addressBanned) {
      try store.createAccount(
        login: "eve", password: "Zq7vLm2pR",
        origin: SignUpOrigin(address: "198.51.100.9", limit: nil))
    }
    #expect(try store.service.unban(.address, "198.51.100.0/24", by: "root"))
    _ = try store.createAccount(
      login: "eve", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "198.51.100.9", limit: nil)
    )
  }

  @Test(
    "a closed door refuses sign-ups with its message; sign-in goes on",
    arguments: Engine.allCases)
  func closedDoor(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.service.door() == .open)
    _ = try store.service.ban(.address, "192.0.2.0/24", by: "root")
    #expect(try store.service.admission(address: "192.0.2.1") == .addressBanned)
    #expect(try store.service.admission(address: "198.51.100.1") == .open)
    #expect(try store.service.admission(address: nil) == .open)
    try store.service.setDoor(DoorState(closed: true, message: "full"), by: "root")
    #expect(try store.again().admission(address: "192.0.2.1") == .closed(message: "full"))
    #expect(try store.again().door() == DoorState(closed: true, message: "full"))
    #expect(throws: AccountStoreError.signUpsClosed(message: "full")) {
      try store.createAccount(login: "bob", password: "Zq7vLm2pR")
    }
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR") != nil)
    try store.service.setDoor(.open, by: "root")
    _ = try store.createAccount(login: "bob", password: "Zq7vLm2pR")
  }

  @Test(
    "a reset code works once, within 24 hours, and is stored hashed",
    arguments: Engine.allCases)
  func resetCode(engine: Engine) throws {
    let clock = TestClock()
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.service.makeResetCode(for: "nobody", by: "root") == nil)
    let code = try #require(try store.service.makeResetCode(for: "alice", by: "root")).code
    #expect(code.count == 17)
    #expect(try !store.query("SELECT code_hash FROM reset_codes").contains(code))
    #expect(
      try store.service.redeemResetCode(login: "alice", code: "WRONG", newPassword: "Ab9xyzxyz")
        == nil)
    let changed = try store.service.redeemResetCode(
      login: "ALICE", code: code, newPassword: "New9passw")
    #expect(changed?.login == "alice")
    #expect(try store.signIn(login: "alice", password: "New9passw") != nil)
    #expect(
      try store.service.redeemResetCode(login: "alice", code: code, newPassword: "Third9pass")
        == nil, "used once")
    let late = try #require(try store.service.makeResetCode(for: "alice", by: "root")).code
    clock.advance(AccountService.resetCodeSeconds + 1)
    #expect(
      try store.service.redeemResetCode(login: "alice", code: late, newPassword: "Ab9xyzxyz") == nil
    )
    #expect(try store.signIn(login: "alice", password: "New9passw") != nil)
  }

  @Test("reset codes are throttled like sign-ins", arguments: Engine.allCases)
  func resetThrottled(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    let code = try #require(try store.service.makeResetCode(for: "alice", by: "root")).code
    var throttled = false
    for _ in 0..<8 where !throttled {
      do {
        _ = try store.service.redeemResetCode(
          login: "alice", code: "AAAAA", newPassword: "Ab9xyzxyz")
      } catch .throttled { throttled = true }
    }
    #expect(throttled)
    #expect(throws: AccountStoreError.self) {
      try store.service.redeemResetCode(login: "alice", code: code, newPassword: "Ab9xyzxyz")
    }
  }

  @Test(
    "the list goes page by page over every account, in order, by state",
    arguments: Engine.allCases)
  func listing(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    let service = store.service
    for index in 0..<1_203 {
      _ = try service.createAccount(login: "user\(index)", passwordHash: "$y$j9T$x$y")
    }
    _ = try service.approve("user7", by: nil)
    var seen: [String] = []
    try service.forEachAccount(state: nil, since: nil) { seen.append($0.login) }
    #expect(seen == (0..<1_203).map { "user\($0)" })
    var pending = 0
    try service.forEachAccount(state: .pending, since: nil) { _ in pending += 1 }
    #expect(pending == 1_202)
    var active: [AccountRecord] = []
    try service.forEachAccount(state: .active, since: nil) { active.append($0) }
    #expect(active.map(\.login) == ["user7"])
    var future = 0
    try service.forEachAccount(state: nil, since: service.timestamp(secondsAgo: -60)) { _ in
      future += 1
    }
    #expect(future == 0)
  }
}
