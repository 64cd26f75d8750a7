import Accounts
import Registration
import Synchronization
import TestSupport
import Testing

/// A clock the test moves: seconds since 1970, starting at a fixed moment.
final class TestClock: Sendable {
  private let seconds = Mutex(1_800_000_000)

  var now: Int { seconds.withLock { $0 } }
  /// `now`, as a store's clock.
  var readNow: @Sendable () -> Int { { self.now } }
  func advance(_ by: Int) { seconds.withLock { $0 += by } }
}

/// What one sign-in attempt gave: signed in, refused (wrong), or locked for some seconds.
enum Attempt: Equatable {
  case signedIn, wrong, locked(Int)
}

/// A store with `alice` in it and a clock the test moves; more stores on the same
/// accounts and clock are other processes, or other hosts.
struct ThrottledStore {
  let clock = TestClock()
  let opened: OpenedStore
  var store: any AccountStore { opened }

  init(_ engine: Engine) throws {
    opened = try engine.makeStore(clock: clock)
    _ = try opened.store.createAccount(login: "alice", password: "Secret123")
  }

  func openAgain() throws -> any AccountStore { try opened.openAgain() }

  func attempt(
    _ login: String, _ password: String = "wrong", on store: (any AccountStore)? = nil
  ) throws -> Attempt {
    try Self.attempt(login, password, on: store ?? self.store)
  }

  static func attempt(_ login: String, _ password: String, on store: any AccountStore) throws
    -> Attempt
  {
    do throws(AccountStoreError) {
      return try store.signIn(login: login, password: password) == nil ? .wrong : .signedIn
    } catch {
      guard case .throttled(let seconds) = error else { throw error }
      return .locked(seconds)
    }
  }
}

@Suite("Sign-in throttle, on every engine")
struct SignInThrottleTests {
  @Test("three free failures, then a lock that doubles each time", arguments: Engine.allCases)
  func growingLock(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(1))
    #expect(
      try throttled.attempt("alice", "Secret123") == .locked(1), "the right password waits too")
    throttled.clock.advance(1)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(2))
    throttled.clock.advance(1)
    #expect(try throttled.attempt("alice") == .locked(1))
    throttled.clock.advance(1)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(4))
    throttled.clock.advance(4)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(8))
  }

  @Test("the lock grows to 15 minutes and no further", arguments: Engine.allCases)
  func cap(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    var locks: [Int] = []
    for _ in 0..<16 {
      while case .locked(let seconds) = try throttled.attempt("alice") {
        locks.append(seconds)
        throttled.clock.advance(seconds)
      }
    }
    #expect(locks == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900])
  }

  @Test(
    "the lock holds across stores on one database, as across processes and hosts",
    arguments: Engine.allCases)
  func acrossProcesses(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    let (store, other) = (throttled.store, try throttled.openAgain())
    #expect(try throttled.attempt("alice", on: store) == .wrong)
    #expect(try throttled.attempt("alice", on: other) == .wrong)
    #expect(try throttled.attempt("ALICE", on: store) == .wrong, "case does not make another login")
    #expect(try throttled.attempt("alice", on: other) == .locked(1))
    let third = try throttled.openAgain()
    #expect(try throttled.attempt("alice", "Secret123", on: third) == .locked(1))
  }

  @Test("an unknown login is locked exactly like an existing one", arguments: Engine.allCases)
  func unknownLogin(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    func script(_ login: String) throws -> [Attempt] {
      var seen: [Attempt] = []
      for step in 0..<12 {
        seen.append(try throttled.attempt(login))
        if step % 3 == 2 { throttled.clock.advance(2) }
      }
      return seen
    }
    let existing = try script("alice")
    let unknown = try script("nobody")
    #expect(existing == unknown)
    #expect(existing.contains(.locked(4)))
  }

  @Test("a success clears the failures; other logins keep their own", arguments: Engine.allCases)
  func successClears(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    _ = try throttled.store.createAccount(login: "bob", password: "Secret123")
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("bob") == .wrong)
    #expect(try throttled.attempt("alice", "Secret123") == .signedIn)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(1))
    #expect(try throttled.attempt("bob") == .wrong)
    #expect(try throttled.attempt("bob") == .wrong)
    #expect(try throttled.attempt("bob") == .locked(1))
  }

  @Test("failures a day old are forgotten", arguments: Engine.allCases)
  func forgotten(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    for _ in 0..<4 { _ = try throttled.attempt("alice") }
    #expect(try throttled.attempt("alice") == .locked(1))
    throttled.clock.advance(24 * 60 * 60 + 2)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .wrong)
    #expect(try throttled.attempt("alice") == .locked(1))
  }

  @Test(
    "attempts started together on their own connections are all counted: a burst cannot slip past the lock",
    arguments: Engine.allCases)
  func burst(engine: Engine) throws {
    let throttled = try ThrottledStore(engine)
    let results = try concurrently(6) { _ in
      try throttled.openAgain()
    } run: { store in
      try? ThrottledStore.attempt("alice", "wrong", on: store)
    }
    #expect(results.filter { $0 == Attempt.wrong }.count == 3)
    #expect(results.filter { $0 == Attempt.locked(1) }.count == 3)
  }
}
