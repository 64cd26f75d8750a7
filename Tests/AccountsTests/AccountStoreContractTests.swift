import Accounts
import Foundation
import Registration
import Synchronization
import TestSupport
import Testing

/// The engines the store contract is checked against: the same tests, the same answers.
enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres

  var testDescription: String { rawValue }

  /// A new, empty store, and how to open the same accounts again (as another process).
  func makeStore() throws -> OpenedStore {
    switch self {
    case .sqlite:
      let folder = try TemporaryFolder()
      let path = folder.path("accounts.sqlite")
      return OpenedStore(store: try SQLiteAccountStore(path: path), folder: folder) {
        try SQLiteAccountStore(path: path)
      }
    case .postgres:
      let uri = try #require(PostgresURI(try PostgresServer.shared().makeDatabase()))
      return OpenedStore(store: try PostgresAccountStore(uri: uri), folder: nil) {
        try PostgresAccountStore(uri: uri)
      }
    }
  }
}

/// A store under test. Holds its folder, so the file lives as long as the test.
struct OpenedStore: Sendable {
  let store: any AccountStore
  let folder: TemporaryFolder?
  let openAgain: @Sendable () throws -> any AccountStore
}

extension TemporaryFolder: @unchecked Sendable {}

@Suite("Account store contract, on every engine")
struct AccountStoreContractTests {
  @Test("create, then exists and verify", arguments: Engine.allCases)
  func createExistsVerify(engine: Engine) throws {
    let store = try engine.makeStore().store
    #expect(try !store.isLoginTaken("alice"))
    let account = try store.createAccount(login: "alice", password: "Secret123")
    #expect(account.login == "alice")
    #expect(account.passwordHash.hasPrefix("$y$"))
    #expect(account.createdAt.hasSuffix("Z") && account.createdAt.count == 20)
    #expect(try store.isLoginTaken("alice"))
    #expect(try store.signIn(login: "alice", password: "Secret123")?.login == "alice")
  }

  @Test("a wrong password and an unknown login both give nothing", arguments: Engine.allCases)
  func wrongCredentials(engine: Engine) throws {
    let store = try engine.makeStore().store
    _ = try store.createAccount(login: "alice", password: "Secret123")
    #expect(try store.signIn(login: "alice", password: "secret123") == nil)
    #expect(try store.signIn(login: "alice", password: "") == nil)
    #expect(try store.signIn(login: "bob", password: "Secret123") == nil)
  }

  @Test("logins are unique without regard to case", arguments: Engine.allCases)
  func caseInsensitive(engine: Engine) throws {
    let store = try engine.makeStore().store
    _ = try store.createAccount(login: "Alice", password: "Secret123")
    #expect(try store.isLoginTaken("ALICE"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "aLiCe", password: "Other1234")
    }
    #expect(try store.signIn(login: "ALICE", password: "Secret123")?.login == "Alice")
  }

  @Test(
    "Unicode logins and passwords",
    arguments: Engine.allCases,
    [
      ("Жора", "Пароль123"), ("用户名", "密码Secret"), ("👍🏽user", "🔑Key12345"),
      ("e\u{301}lodie", "Ünïcødé99"),
    ]
  )
  func unicode(engine: Engine, credentials: (login: String, password: String)) throws {
    let store = try engine.makeStore().store
    let (login, password) = credentials
    _ = try store.createAccount(login: login, password: password)
    #expect(try store.isLoginTaken(login.uppercased()))
    #expect(try store.signIn(login: login, password: password)?.login == login)
    #expect(try store.signIn(login: login, password: password + "x") == nil)
  }

  @Test("logins that look like SQL are stored literally", arguments: Engine.allCases)
  func sqlLookingLogin(engine: Engine) throws {
    let store = try engine.makeStore().store
    let login = "a'); DROP TABLE accounts;--"
    _ = try store.createAccount(login: login, password: "Secret123")
    _ = try store.createAccount(login: "bob", password: "Secret123")
    #expect(try store.isLoginTaken(login))
    #expect(try store.isLoginTaken("bob"))
    #expect(try store.signIn(login: login, password: "Secret123")?.login == login)
  }

  @Test("each hash has its own salt", arguments: Engine.allCases)
  func salted(engine: Engine) throws {
    let store = try engine.makeStore().store
    let first = try store.createAccount(login: "one1", password: "Same12345")
    let second = try store.createAccount(login: "two2", password: "Same12345")
    #expect(first.passwordHash != second.passwordHash)
  }

  @Test("opening again keeps the accounts", arguments: Engine.allCases)
  func reopen(engine: Engine) throws {
    let opened = try engine.makeStore()
    _ = try opened.store.createAccount(login: "erin", password: "Secret123")
    let again = try opened.openAgain()
    #expect(try again.isLoginTaken("ERIN"))
    #expect(try again.signIn(login: "erin", password: "Secret123") != nil)
  }

  @Test(
    "20 creators racing for one login, each on its own connection: one account, every loser told it is taken",
    arguments: Engine.allCases)
  func race(engine: Engine) throws {
    let opened = try engine.makeStore()
    let results = try concurrently(20) { index in
      (index, try opened.openAgain())
    } run: { index, store in
      Result { () throws(AccountStoreError) in
        try store.createAccount(login: index % 2 == 0 ? "frank" : "FRANK", password: "Secret123")
      }
    }
    #expect(results.filter { (try? $0.get()) != nil }.count == 1)
    let losers = results.compactMap { result -> AccountStoreError? in
      if case .failure(let error) = result { return error }
      return nil
    }
    #expect(losers == Array(repeating: .loginTaken, count: 19))
    #expect(try opened.store.isLoginTaken("Frank"))
  }
}

/// Runs `count` threads: each prepares (outside the race), then all wait at one gate and
/// run together. Real threads: the test runner's pool may have as few as two.
func concurrently<Prepared, Result: Sendable>(
  _ count: Int, prepare: @escaping @Sendable (Int) throws -> Prepared,
  run: @escaping @Sendable (Prepared) -> Result
) throws -> [Result] {
  let results = Mutex<[Int: Swift.Result<Result, any Error>]>([:])
  let ready = DispatchGroup()
  let finished = DispatchGroup()
  let gate = DispatchSemaphore(value: 0)
  for index in 0..<count {
    ready.enter()
    finished.enter()
    let thread = Thread {
      let prepared = Swift.Result { try prepare(index) }
      ready.leave()
      gate.wait()
      let result = prepared.map { run($0) }
      results.withLock { $0[index] = result.mapError { $0 as any Error } }
      finished.leave()
    }
    thread.start()
  }
  ready.wait()
  for _ in 0..<count { gate.signal() }
  finished.wait()
  return try results.withLock { all in try (0..<count).map { try all[$0]!.get() } }
}
