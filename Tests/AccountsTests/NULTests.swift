import Registration
import Testing

@testable import Accounts

/// C cuts text at a NUL: crypt(3) would hash `A` for `A` + seven NULs, and SQLite, given a
/// C string, would store `al` for `al\0ice`. The store takes nothing cut short, on either
/// engine (PostgreSQL's text cannot hold a NUL at all).
@Suite("Account store: NUL characters")
struct NULTests {
  let folder: TemporaryFolder
  let store: SQLiteAccountStore

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLiteAccountStore(path: folder.path("accounts.sqlite"), identity: policy)
  }

  @Test("a password with a NUL is refused, never hashed cut short", arguments: Engine.allCases)
  func passwordWithNUL(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(throws: AccountStoreError.containsNUL("password")) {
      try store.createAccount(login: "alice", password: "A\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}")
    }
    #expect(try !store.isLoginTaken("alice"), "nothing was created")
  }

  @Test("a login with a NUL is refused", arguments: Engine.allCases)
  func loginWithNUL(engine: Engine) throws {
    let store = try engine.makeStore()
    #expect(throws: AccountStoreError.containsNUL("login")) {
      try store.createAccount(login: "al\u{0}ice", password: "Secret123")
    }
    #expect(try !store.isLoginTaken("al"))
    #expect(try !store.isLoginTaken("al\u{0}ice"))
  }

  @Test("signing in with what comes before a NUL is not signing in", arguments: Engine.allCases)
  func signInWithNUL(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Secret123")
    #expect(throws: AccountStoreError.containsNUL("password")) {
      try store.signIn(login: "alice", password: "Secret123\u{0}anything")
    }
    #expect(try store.signIn(login: "alice", password: "Secret123")?.login == "alice")
  }

  @Test("a login looked up is looked up whole, not up to a NUL", arguments: Engine.allCases)
  func lookupWhole(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "alice", password: "Secret123")
    #expect(try !store.isLoginTaken("alice\u{0}x"))
    #expect(try store.signIn(login: "alice\u{0}x", password: "Secret123") == nil)
  }

  @Test("the hash function refuses a NUL itself")
  func hashRefuses() {
    #expect(throws: AccountStoreError.containsNUL("password")) {
      try PasswordHash.make("A\u{0}")
    }
    #expect(!PasswordHash.verify("Secret123\u{0}x", against: PasswordHash.decoy))
  }

  @Test("text with a NUL bound to a statement round-trips whole")
  func bindRoundTrip() throws {
    try store.create()
    let database = try Database(path: folder.path("accounts.sqlite"))
    let echo = try database.prepare("SELECT ?1, length(CAST(?1 AS BLOB))")
    for text in ["al\u{0}ice", "\u{0}", "", "Жора\u{0}中👍🏽", "a\u{0}\u{0}"] {
      try echo.bind(text)
      #expect(try echo.step())
      #expect(echo.text(0) == text)
      #expect(echo.integer(1) == text.utf8.count)
      echo.finish()
    }
    // Into a table and back.
    let insert = try database.prepare(
      "INSERT INTO accounts (login, login_key, password_hash, created_at) VALUES (?1, ?1, 'x', 'y')"
    )
    try insert.bind("bo\u{0}b")
    _ = try insert.step()
    let find = try database.prepare("SELECT login FROM accounts WHERE login_key = ?1")
    try find.bind("bo\u{0}b")
    #expect(try find.step())
    #expect(find.text(0) == "bo\u{0}b")
    find.finish()
    try find.bind("bo")
    #expect(try !find.step())
  }
}
