import Accounts
import Foundation
import Registration
import Testing

/// The store keys logins by the policy's identity and skeleton: one account per identity,
/// no lookalike of an existing login, sign-in by identity.
@Suite("Logins in the store: identity and lookalikes")
struct LoginIdentityStoreTests {
  let folder: TemporaryFolder
  let store: SQLiteAccountStore

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLiteAccountStore(path: folder.path("accounts.sqlite"), identity: policy)
  }

  @Test(
    "one account per identity: composed and decomposed, ß and ss, full width",
    arguments: [
      ("jos\u{E9}", "jose\u{301}"), ("jose\u{301}", "JOSÉ"), ("Straße", "STRASSE"),
      ("STRASSE", "straße"), ("alice", "ＡＬＩＣＥ"),
    ])
  func oneAccountPerIdentity(first: String, second: String) throws {
    _ = try store.createAccount(login: first, password: "Secret123")
    #expect(try store.availability(of: second) == .taken)
    #expect(try store.isLoginTaken(second))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: second, password: "Other1234")
    }
  }

  @Test("a login is stored as typed, after NFC")
  func storedInNFC() throws {
    let account = try store.createAccount(login: "E\u{301}lodie", password: "Secret123")
    #expect(Array(account.login.unicodeScalars) == Array("\u{C9}lodie".unicodeScalars))
    let signedIn = try store.signIn(login: "élodie", password: "Secret123")
    #expect(signedIn.map { Array($0.login.utf8) } == Array("\u{C9}lodie".utf8))
  }

  @Test("a lookalike of an existing login is not free, and cannot be created")
  func lookalike() throws {
    _ = try store.createAccount(login: "paypal", password: "Secret123")
    #expect(try store.availability(of: "p\u{430}ypal") == .lookalike)
    #expect(try !store.isLoginTaken("p\u{430}ypal"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "p\u{430}ypal", password: "Secret123")
    }
    #expect(try store.availability(of: "paypa1") == .lookalike)
    #expect(try store.availability(of: "paypals") == .free)
  }

  @Test("sign-in goes by identity: JOSÉ signs in josé, STRASSE signs in Straße")
  func signInByIdentity() throws {
    _ = try store.createAccount(login: "josé", password: "Secret123")
    _ = try store.createAccount(login: "Straße", password: "Other1234")
    #expect(try store.signIn(login: "JOSÉ", password: "Secret123")?.login == "josé")
    #expect(try store.signIn(login: "jose\u{301}", password: "Secret123")?.login == "josé")
    #expect(try store.signIn(login: "STRASSE", password: "Other1234")?.login == "Straße")
    #expect(try store.signIn(login: "JOSÉ", password: "Other1234") == nil)
  }

  @Test("two writers racing with lookalikes: exactly one wins")
  func lookalikeRace() async throws {
    let path = store.path
    let logins = ["root1", "r\u{43E}\u{43E}t1", "ROOT1", "r\u{43E}ot1"]
    let results = await withTaskGroup(of: Bool.self) { group in
      for login in logins {
        group.addTask {
          guard let store = try? SQLiteAccountStore(path: path, identity: policy) else {
            return false
          }
          return (try? store.createAccount(login: login, password: "Secret123")) != nil
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.filter { $0 }.count == 1)
  }
}
