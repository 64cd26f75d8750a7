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

  /// A new, empty store with the program's login policy, and how to open the same
  /// accounts again (as another process, or another host). `clock` is the throttle's.
  func makeStore(clock: TestClock? = nil, options: StoreOptions = StoreOptions()) throws
    -> OpenedStore
  {
    let now: (@Sendable () -> Int)? = clock.map(\.readNow)
    switch self {
    case .sqlite:
      let folder = try TemporaryFolder()
      let path = folder.path("accounts.sqlite")
      let open = { @Sendable () throws -> any AccountStore in
        try SQLiteAccountStore(path: path, identity: policy, clock: now, options: options)
      }
      return OpenedStore(
        store: try open(), folder: folder, openAgain: open,
        query: { try AccountsTests.sqlite(path, $0) })
    case .postgres:
      let server = try PostgresServer.shared()
      let database = try server.makeDatabase()
      let uri = try #require(PostgresURI(database))
      let open = { @Sendable () throws -> any AccountStore in
        try PostgresAccountStore(uri: uri, identity: policy, clock: now, options: options)
      }
      return OpenedStore(
        store: try open(), folder: nil, openAgain: open,
        query: { try server.psql(database, $0) })
    }
  }
}

/// A store under test, which holds its folder: the file (made with the first account)
/// has somewhere to go as long as the store is used.
struct OpenedStore: AccountStore {
  let store: any AccountStore
  let folder: TemporaryFolder?
  /// Another store on the same accounts: another process, or another host.
  let openAgain: @Sendable () throws -> any AccountStore
  /// Runs SQL on the database as another program would (sqlite3, psql): what it printed.
  let query: @Sendable (String) throws -> String

  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try store.isLoginTaken(login)
  }

  func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try store.availability(of: login)
  }

  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try store.createAccount(signUp)
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try store.signIn(login: login, password: password)
  }

  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try store.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try store.accountsCreated(from: address)
  }

  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try store.deleteAccount(login: login)
  }
}

extension TemporaryFolder: @unchecked Sendable {}

@Suite("Account store contract, on every engine")
struct AccountStoreContractTests {
  @Test("create, then exists and verify", arguments: Engine.allCases)
  func createExistsVerify(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(try !store.isLoginTaken("alice"))
    let account = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(account.login == "alice")
    #expect(account.passwordHash.hasPrefix("$y$"))
    #expect(account.createdAt.hasSuffix("Z") && account.createdAt.count == 20)
    #expect(try store.isLoginTaken("alice"))
    #expect(try store.signIn(login: "alice", password: "Zq7vLm2pR")?.login == "alice")
  }

  @Test("a wrong password and an unknown login both give nothing", arguments: Engine.allCases)
  func wrongCredentials(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.signIn(login: "alice", password: "zq7vLm2pR") == nil)
    #expect(try store.signIn(login: "alice", password: "") == nil)
    #expect(try store.signIn(login: "bob", password: "Zq7vLm2pR") == nil)
  }

  @Test("logins are unique without regard to case", arguments: Engine.allCases)
  func caseInsensitive(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "Alice", password: "Zq7vLm2pR")
    #expect(try store.isLoginTaken("ALICE"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "aLiCe", password: "Other1234")
    }
    #expect(try store.signIn(login: "ALICE", password: "Zq7vLm2pR")?.login == "Alice")
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
    let store = try engine.makeStore()
    let (login, password) = credentials
    _ = try store.createAccount(login: login, password: password)
    #expect(try store.isLoginTaken(login.uppercased()))
    #expect(try store.signIn(login: login, password: password)?.login == login)
    #expect(try store.signIn(login: login, password: password + "x") == nil)
  }

  @Test("logins that look like SQL are stored literally", arguments: Engine.allCases)
  func sqlLookingLogin(engine: Engine) throws {
    let store = try engine.makeStore()
    let login = "a'); DROP TABLE accounts;--"
    _ = try store.createAccount(login: login, password: "Zq7vLm2pR")
    _ = try store.createAccount(login: "bob", password: "Zq7vLm2pR")
    #expect(try store.isLoginTaken(login))
    #expect(try store.isLoginTaken("bob"))
    #expect(try store.signIn(login: login, password: "Zq7vLm2pR")?.login == login)
  }

  @Test("each hash has its own salt", arguments: Engine.allCases)
  func salted(engine: Engine) throws {
    let store = try engine.makeStore()
    let first = try store.createAccount(login: "one1", password: "Same12345")
    let second = try store.createAccount(login: "two2", password: "Same12345")
    #expect(first.passwordHash != second.passwordHash)
  }

  @Test("opening again keeps the accounts", arguments: Engine.allCases)
  func reopen(engine: Engine) throws {
    let opened = try engine.makeStore()
    _ = try opened.store.createAccount(login: "erin", password: "Zq7vLm2pR")
    let again = try opened.openAgain()
    #expect(try again.isLoginTaken("ERIN"))
    #expect(try again.signIn(login: "erin", password: "Zq7vLm2pR") != nil)
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
        try store.createAccount(login: index % 2 == 0 ? "frank" : "FRANK", password: "Zq7vLm2pR")
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
