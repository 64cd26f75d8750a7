import Accounts
import Foundation
import Registration
import TestSupport
import Testing

/// The store keys logins by the policy's identity and skeleton: one account per identity,
/// no lookalike of an existing login, sign-in by identity. On every engine.
@Suite("Logins in the store: identity and lookalikes")
struct LoginIdentityStoreTests {
  @Test(
    "one account per identity: composed and decomposed, ß and ss, full width, I and i",
    arguments: Engine.allCases,
    [
      ("jos\u{E9}", "jose\u{301}"), ("jose\u{301}", "JOSÉ"), ("Straße", "STRASSE"),
      ("STRASSE", "straße"), ("alice", "ＡＬＩＣＥ"),
      // One identity, two skeletons (a capital I looks like an l): the identity decides.
      ("Ian1", "ian1"), ("ian1", "IAN1"),
    ])
  func oneAccountPerIdentity(engine: Engine, logins: (first: String, second: String)) throws {
    let store = try engine.makeStore()
    let (first, second) = logins
    _ = try store.createAccount(login: first, password: "Secret123")
    #expect(try store.availability(of: second) == .taken)
    #expect(try store.isLoginTaken(second))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: second, password: "Other1234")
    }
  }

  @Test("a login is stored as typed, after NFC", arguments: Engine.allCases)
  func storedInNFC(engine: Engine) throws {
    let store = try engine.makeStore()
    let account = try store.createAccount(login: "E\u{301}lodie", password: "Secret123")
    #expect(Array(account.login.unicodeScalars) == Array("\u{C9}lodie".unicodeScalars))
    let signedIn = try store.signIn(login: "élodie", password: "Secret123")
    #expect(signedIn.map { Array($0.login.utf8) } == Array("\u{C9}lodie".utf8))
  }

  @Test(
    "a lookalike of an existing login is not free, and cannot be created",
    arguments: Engine.allCases)
  func lookalike(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "paypal", password: "Secret123")
    #expect(try store.availability(of: "p\u{430}ypal") == .lookalike)
    #expect(try !store.isLoginTaken("p\u{430}ypal"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "p\u{430}ypal", password: "Secret123")
    }
    #expect(try store.availability(of: "paypa1") == .lookalike)
    #expect(try store.availability(of: "paypals") == .free)
  }

  @Test(
    "sign-in goes by identity: JOSÉ signs in josé, STRASSE signs in Straße",
    arguments: Engine.allCases)
  func signInByIdentity(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(login: "josé", password: "Secret123")
    _ = try store.createAccount(login: "Straße", password: "Other1234")
    #expect(try store.signIn(login: "JOSÉ", password: "Secret123")?.login == "josé")
    #expect(try store.signIn(login: "jose\u{301}", password: "Secret123")?.login == "josé")
    #expect(try store.signIn(login: "STRASSE", password: "Other1234")?.login == "Straße")
    #expect(try store.signIn(login: "JOSÉ", password: "Other1234") == nil)
  }

  @Test(
    "writers racing with lookalikes, each on its own connection: exactly one wins, the others are told it is taken",
    arguments: Engine.allCases)
  func lookalikeRace(engine: Engine) throws {
    let opened = try engine.makeStore()
    let logins = ["root1", "r\u{43E}\u{43E}t1", "ROOT1", "r\u{43E}ot1", "r00t1", "rootl"]
    let results = try concurrently(12) { index in
      (index, try opened.openAgain())
    } run: { index, store in
      Result { () throws(AccountStoreError) in
        try store.createAccount(login: logins[index % logins.count], password: "Secret123")
      }
    }
    #expect(results.filter { (try? $0.get()) != nil }.count == 1)
    let losers = results.compactMap { result -> AccountStoreError? in
      if case .failure(let error) = result { return error }
      return nil
    }
    #expect(losers == Array(repeating: .loginTaken, count: 11))
  }
}
