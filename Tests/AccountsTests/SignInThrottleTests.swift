import Accounts
import Registration
import Synchronization
import Testing

/// A clock the test moves: seconds since 1970, starting at a fixed moment.
final class TestClock: Sendable {
  private let seconds = Mutex(1_800_000_000)

  var now: Int { seconds.withLock { $0 } }
  func advance(_ by: Int) { seconds.withLock { $0 += by } }
}

/// What one sign-in attempt gave: signed in, refused (wrong), or locked for some seconds.
enum Attempt: Equatable {
  case signedIn, wrong, locked(Int)
}

@Suite("Sign-in throttle")
struct SignInThrottleTests {
  let folder: TemporaryFolder
  let clock = TestClock()
  let store: SQLiteAccountStore

  init() throws {
    folder = try TemporaryFolder()
    store = try Self.open(folder.path("accounts.sqlite"), clock)
    _ = try store.createAccount(login: "alice", password: "Secret123")
  }

  static func open(_ path: String, _ clock: TestClock) throws -> SQLiteAccountStore {
    try SQLiteAccountStore(path: path, identity: policy, clock: { clock.now })
  }

  func attempt(
    _ login: String, _ password: String = "wrong", on store: SQLiteAccountStore? = nil
  ) throws -> Attempt {
    do throws(AccountStoreError) {
      return try (store ?? self.store).signIn(login: login, password: password) == nil
        ? .wrong : .signedIn
    } catch {
      guard case .throttled(let seconds) = error else { throw error }
      return .locked(seconds)
    }
  }

  @Test("three free failures, then a lock that doubles each time")
  func growingLock() throws {
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(1))
    #expect(try attempt("alice", "Secret123") == .locked(1), "the right password waits too")
    clock.advance(1)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(2))
    clock.advance(1)
    #expect(try attempt("alice") == .locked(1))
    clock.advance(1)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(4))
    clock.advance(4)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(8))
  }

  @Test("the lock grows to 15 minutes and no further")
  func cap() throws {
    var locks: [Int] = []
    for _ in 0..<16 {
      while case .locked(let seconds) = try attempt("alice") {
        locks.append(seconds)
        clock.advance(seconds)
      }
    }
    #expect(locks == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900])
  }

  @Test("the lock holds across stores on one file, as across processes")
  func acrossProcesses() throws {
    let other = try Self.open(store.path, clock)
    #expect(try attempt("alice", on: store) == .wrong)
    #expect(try attempt("alice", on: other) == .wrong)
    #expect(try attempt("ALICE", on: store) == .wrong, "case does not make another login")
    #expect(try attempt("alice", on: other) == .locked(1))
    let third = try Self.open(store.path, clock)
    #expect(try attempt("alice", "Secret123", on: third) == .locked(1))
  }

  @Test("an unknown login is locked exactly like an existing one")
  func unknownLogin() throws {
    func script(_ login: String) throws -> [Attempt] {
      var seen: [Attempt] = []
      for step in 0..<12 {
        seen.append(try attempt(login))
        if step % 3 == 2 { clock.advance(2) }
      }
      return seen
    }
    let existing = try script("alice")
    let unknown = try script("nobody")
    #expect(existing == unknown)
    #expect(existing.contains(.locked(4)))
  }

  @Test("a success clears the failures; other logins keep their own")
  func successClears() throws {
    _ = try store.createAccount(login: "bob", password: "Secret123")
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("bob") == .wrong)
    #expect(try attempt("alice", "Secret123") == .signedIn)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(1))
    #expect(try attempt("bob") == .wrong)
    #expect(try attempt("bob") == .wrong)
    #expect(try attempt("bob") == .locked(1))
  }

  @Test("failures a day old are forgotten")
  func forgotten() throws {
    for _ in 0..<4 { _ = try attempt("alice") }
    #expect(try attempt("alice") == .locked(1))
    clock.advance(24 * 60 * 60 + 2)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .wrong)
    #expect(try attempt("alice") == .locked(1))
  }

  @Test("attempts started together are all counted: a burst cannot slip past the lock")
  func burst() async throws {
    let path = store.path
    let clock = clock
    let results = await withTaskGroup(of: Attempt?.self) { group in
      for _ in 0..<6 {
        group.addTask {
          guard let store = try? Self.open(path, clock) else { return nil }
          do throws(AccountStoreError) {
            return try store.signIn(login: "alice", password: "wrong") == nil ? .wrong : .signedIn
          } catch {
            guard case .throttled(let seconds) = error else { return nil }
            return .locked(seconds)
          }
        }
      }
      return await group.reduce(into: [Attempt?]()) { $0.append($1) }
    }
    #expect(results.filter { $0 == Attempt.wrong }.count == 3)
    #expect(results.filter { $0 == Attempt.locked(1) }.count == 3)
  }
}
