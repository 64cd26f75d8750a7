import Accounts
import Foundation
import Registration
import Testing

/// What the throttle keeps on disk: a fixed-size record per login a sign-up could have
/// made, one shared record for every login none could, at most 100000 records. Before,
/// each unknown login wrote its whole key for a day: a 1 MiB paste grew the store by
/// megabytes per try.
@Suite("Sign-in throttle: what it stores, on every engine")
struct ThrottleStorageTests {
  let clock = TestClock()

  @Test(
    "logins no sign-up could make share one record, and are answered as any wrong login",
    arguments: Engine.allCases)
  func sharedBucket(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    let huge = String(repeating: "a\u{301}\u{302}\u{303}", count: 1000)
    let impossible = [
      huge, huge + "b", "x" + huge, String(repeating: "y", count: 65),
      String(repeating: "z", count: 2000), "two words", "at@sign",
    ]
    for login in impossible {
      clock.advance(3600)
      #expect(try store.signIn(login: login, password: "Secret123") == nil)
    }
    #expect(try store.query("SELECT count(*) FROM sign_in_failures") == "1")
    #expect(try store.query("SELECT failures FROM sign_in_failures") == "7")
    #expect(
      try store.query("SELECT count(*) FROM sign_in_failures WHERE length(key_digest) > 64") == "0")
  }

  @Test(
    "a login's record is keyed by the SHA-256 of its identity key, whatever its length",
    arguments: Engine.allCases)
  func digestKeys(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    #expect(try store.signIn(login: "ALICE", password: "wrong") == nil)
    #expect(try store.signIn(login: "nobody", password: "wrong") == nil)
    let keys = try store.query("SELECT key_digest FROM sign_in_failures ORDER BY key_digest")
    #expect(
      keys == [try sha256sum("alice"), try sha256sum("nobody")].sorted().joined(separator: "\n"))
  }

  @Test(
    "past 100000 records a new one drops those that end soonest; the lock in force stays",
    arguments: Engine.allCases)
  func cap(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    for _ in 0..<3 { _ = try store.signIn(login: "alice", password: "wrong") }
    let now = clock.now
    // 100000 records of others, all within the day and ending before alice's lock.
    switch engine {
    case .sqlite:
      _ = try store.query(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
        INSERT INTO sign_in_failures SELECT printf('%064d', i), 1, \(now) - 80000 + i / 2 FROM n;
        """)
    case .postgres:
      _ = try store.query(
        """
        INSERT INTO sign_in_failures
        SELECT lpad(i::text, 64, '0'), 1, \(now) - 80000 + i / 2 FROM generate_series(1, 100000) i
        """)
    }
    #expect(try store.signIn(login: "nobody", password: "wrong") == nil)
    #expect(try store.query("SELECT count(*) FROM sign_in_failures") == "100000")
    #expect(
      try store.query(
        "SELECT count(*) FROM sign_in_failures WHERE key_digest = '\(String(repeating: "0", count: 63))1'"
      ) == "0",
      "the one ending soonest went")
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 1)) {
      try store.signIn(login: "alice", password: "Secret123")
    }
  }

  @Test(
    "a full table of locks does not drop the record a new login just made: its failures add up",
    arguments: Engine.allCases)
  func capKeepsTheNewRecord(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    let now = clock.now
    // 100000 records of others, all locked for minutes to come.
    switch engine {
    case .sqlite:
      _ = try store.query(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
        INSERT INTO sign_in_failures SELECT printf('%064d', i), 5, \(now) + 600 + i / 1000 FROM n;
        """)
    case .postgres:
      _ = try store.query(
        """
        INSERT INTO sign_in_failures
        SELECT lpad(i::text, 64, '0'), 5, \(now) + 600 + i / 1000 FROM generate_series(1, 100000) i
        """)
    }
    // A first failure is locked until now, sooner than any other record.
    for _ in 0..<3 { #expect(try store.signIn(login: "alice", password: "wrong") == nil) }
    #expect(throws: AccountStoreError.throttled(retryAfterSeconds: 1)) {
      try store.signIn(login: "alice", password: "Secret123")
    }
    #expect(try store.query("SELECT count(*) FROM sign_in_failures") == "100000")
  }
}

/// The system's SHA-256 of `text`, in hexadecimal.
func sha256sum(_ text: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
  let (input, output) = (Pipe(), Pipe())
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  input.fileHandleForWriting.write(Data(text.utf8))
  try input.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(String(decoding: data, as: UTF8.self).prefix(64))
}
