import Foundation
import Registration
import Synchronization
import TestSupport
import Testing

@testable import Accounts

#if canImport(Glibc)
  import Glibc
#endif

/// What the PostgreSQL store does while its server is away, as in a failover: waits for it
/// (up to `failoverWait`), gives up on a statement whose answer does not come, finds the
/// server that takes writes, and never makes an account twice or says it is taken by itself.
/// With the real engine under Patroni: FailoverEndToEndTests (`make test-ha`).
@Suite("PostgreSQL store through a failover")
struct FailoverStoreTests {
  let server: PostgresServer
  let uri: PostgresURI

  init() throws {
    server = try PostgresServer.shared()
    uri = try #require(PostgresURI(try server.makeDatabase()))
  }

  @Test("a server that is away is tried again until failover-wait runs out, not 4 times")
  func waitsForTheServer() {
    let policy = RetryPolicy(
      firstDelayMicroseconds: 1000, longestDelayMicroseconds: 2000,
      failoverWait: .milliseconds(300))
    var tries = 0
    let away = PostgresError(kind: .unreachable, sqlState: nil, message: "away")
    #expect(throws: away) {
      try policy.run { _ throws(PostgresError) in
        tries += 1
        throw away
      }
    }
    #expect(tries > policy.attempts, "\(tries) tries")
    // Back within the wait: the call goes through.
    tries = 0
    let answer = try? policy.run { attempt throws(PostgresError) -> Int in
      tries += 1
      if attempt < 6 { throw PostgresError(kind: .connectionLost, sqlState: nil, message: "lost") }
      return attempt
    }
    #expect(answer == 6)
    // No wait: one try.
    tries = 0
    _ = try? RetryPolicy(failoverWait: .zero).run { _ throws(PostgresError) in
      tries += 1
      throw away
    }
    #expect(tries == 1)
  }

  @Test(
    "a statement whose answer does not come in time: the connection is given up, a new one works")
  func answerTimeout() throws {
    let connection = try PostgresConnection(uri: uri)
    connection.answerTimeout = .milliseconds(200)
    do {
      try connection.execute("SELECT pg_sleep(5)")
      Issue.record("a statement of 5 s answered within 200 ms")
    } catch {
      #expect(error.kind == .connectionLost)
      #expect(error.message == "the server did not answer in time")
    }
    #expect(!connection.isOpen)
    try connection.reconnect()
    #expect(try connection.query("SELECT 1") == [["1"]])
  }

  @Test("a server that takes no writes (25006) is left for one that does")
  func readOnlyServer() throws {
    let connection = try PostgresConnection(uri: uri)
    do {
      try connection.execute("BEGIN READ ONLY; CREATE TABLE t (n int)")
      Issue.record("a read-only session created a table")
    } catch {
      #expect(error.sqlState == "25006")
      #expect(error.kind == .connectionLost)
    }
    #expect(!connection.isOpen)
    try connection.reconnect()  // a new session: read-write again
    try connection.execute("CREATE TABLE t (n int)")
  }

  @Test("an insert whose answer came late is created once, never said to be taken by itself")
  func lateAnswer() throws {
    // Every insert takes a second on the server; the store waits 200 ms for an answer,
    // gives up on the connection, connects again and tries again while the first still
    // runs: the second waits for the first, finds its row, and knows it by its hash.
    let store = try PostgresAccountStore(
      uri: uri, identity: FakeLoginPolicy(), clock: nil,
      retry: RetryPolicy(answerTimeout: .milliseconds(200)), hasher: YescryptHasher())
    try server.psql(
      uri.text,
      """
      CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$;
      CREATE TRIGGER slow BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION slow();
      """)
    let created = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(created.login == "alice")
    #expect(try server.psql(uri.text, "SELECT count(*) FROM accounts") == "1")
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR")?.login == "alice")
  }

  @Test("opening waits for a server that is not there yet, up to failover-wait")
  func opensOnceTheServerIsBack() throws {
    let own = try PostgresServer()
    defer { own.remove() }
    let ownURI = try #require(PostgresURI(try own.makeDatabase()))
    try own.stop()
    let started = Atomic<Bool>(false)
    let thread = Thread {
      sleep(1)
      try? own.start()
      started.store(true, ordering: .relaxed)
    }
    thread.start()
    let store = try PostgresAccountStore(
      uri: ownURI, identity: FakeLoginPolicy(), clock: nil,
      retry: RetryPolicy(failoverWait: .seconds(30)), hasher: YescryptHasher())
    let wasStarted = started.load(ordering: .relaxed)
    #expect(wasStarted)
    #expect(try store.isLoginTaken("alice") == false)
  }

  @Test("a server away for longer than failover-wait: unreachable, in one line, no password")
  func givesUp() throws {
    #expect(throws: AccountStoreError.self) {
      try PostgresAccountStore(
        uri: try #require(PostgresURI("postgresql://carol:hunter2@/accounts?host=/nonexistent")),
        identity: FakeLoginPolicy(), clock: nil,
        retry: RetryPolicy(failoverWait: .milliseconds(300)), hasher: YescryptHasher())
    }
  }
}
