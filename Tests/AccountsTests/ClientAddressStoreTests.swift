import Accounts
import Foundation
import Registration
import Testing

/// Sign-up over SSH in the store: the client's address recorded with each account, at most
/// N accounts per address in 24 hours (decided by the insert itself), and taking back an
/// account whose hand-off failed. The same tests on every engine.
@Suite("Client addresses and removal, on every engine")
struct ClientAddressStoreTests {
  let clock = TestClock()

  func origin(_ address: String, limit: Int? = 3) -> SignUpOrigin {
    SignUpOrigin(address: address, limit: limit)
  }

  @Test(
    "accounts are counted by the address they came from; others and none are not",
    arguments: Engine.allCases)
  func counted(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(login: "alice", password: "Secret123", origin: origin("192.0.2.7"))
    _ = try store.createAccount(login: "bobby", password: "Secret123", origin: origin("192.0.2.7"))
    _ = try store.createAccount(
      login: "carol", password: "Secret123", origin: origin("2001:db8::1"))
    _ = try store.createAccount(login: "dave1", password: "Secret123")
    #expect(try store.accountsCreated(from: "192.0.2.7") == 2)
    #expect(try store.accountsCreated(from: "2001:db8::1") == 1)
    #expect(try store.accountsCreated(from: "192.0.2.8") == 0)
    // Without a limit nothing is held back either.
    _ = try store.createAccount(
      login: "erin1", password: "Secret123", origin: origin("192.0.2.7", limit: nil))
    #expect(try store.accountsCreated(from: "192.0.2.7") == 3)
  }

  @Test(
    "the limit refuses the next account from that address, and nothing is stored",
    arguments: Engine.allCases)
  func limit(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    for login in ["alice", "bobby"] {
      _ = try store.createAccount(
        login: login, password: "Secret123", origin: origin("192.0.2.7", limit: 2))
    }
    #expect(throws: AccountStoreError.addressLimitReached(limit: 2)) {
      try store.createAccount(
        login: "carol", password: "Secret123", origin: origin("192.0.2.7", limit: 2))
    }
    #expect(try !store.isLoginTaken("carol"))
    #expect(try store.accountsCreated(from: "192.0.2.7") == 2)
    // Another address, and a sign-up with no address, are not held back.
    _ = try store.createAccount(
      login: "carol", password: "Secret123", origin: origin("192.0.2.8", limit: 2))
    _ = try store.createAccount(login: "dave1", password: "Secret123")
    for login in ["alice", "bobby", "carol", "dave1"] { #expect(try store.isLoginTaken(login)) }
  }

  @Test(
    "a taken login is still 'taken' when the address is also at its limit",
    arguments: Engine.allCases)
  func takenFirst(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(
        login: "ALICE", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    }
  }

  @Test(
    "the window is 24 hours: a day later the address may sign up again",
    arguments: Engine.allCases)
  func window(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    clock.advance(SignUpOrigin.windowSeconds - 1)
    #expect(try store.accountsCreated(from: "192.0.2.7") == 1)
    #expect(throws: AccountStoreError.addressLimitReached(limit: 1)) {
      try store.createAccount(
        login: "bobby", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    }
    clock.advance(1)
    #expect(try store.accountsCreated(from: "192.0.2.7") == 0)
    _ = try store.createAccount(
      login: "bobby", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
  }

  @Test(
    "twelve sign-ups at once from one address, in six connections: exactly the limit pass",
    arguments: Engine.allCases)
  func race(engine: Engine) async throws {
    let opened = try engine.makeStore(clock: clock)
    // The database exists first, so that every connection opens the same one.
    _ = try opened.createAccount(
      login: "first", password: "Secret123", origin: origin("192.0.2.9"))
    let stores = try (0..<6).map { _ in try opened.openAgain() }
    let created = await withTaskGroup(of: Int.self) { group in
      for (connection, store) in stores.enumerated() {
        group.addTask {
          var count = 0
          for index in 0..<2 {
            let login = "user\(connection)x\(index)"
            if (try? store.createAccount(
              login: login, password: "Secret123",
              origin: SignUpOrigin(address: "192.0.2.7", limit: 5))) != nil
            {
              count += 1
            }
          }
          return count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(created == 5)
    #expect(try opened.accountsCreated(from: "192.0.2.7") == 5)
  }

  @Test("the count does not wait for the file: no file, no accounts")
  func noFile() throws {
    let folder = try TemporaryFolder()
    let store = try SQLiteAccountStore(
      path: folder.path("accounts.sqlite"), identity: policy, clock: clock.readNow)
    #expect(try store.accountsCreated(from: "192.0.2.7") == 0)
    #expect(try !store.deleteAccount(login: "alice"))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  @Test("deleting takes back exactly the login stored, nothing else", arguments: Engine.allCases)
  func delete(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    let account = try store.createAccount(login: "Alice", password: "Secret123")
    _ = try store.createAccount(login: "bobby", password: "Secret123")
    // Another login of the same identity is not the account's login.
    #expect(try !store.deleteAccount(login: "alice"))
    #expect(try store.isLoginTaken("alice"))
    #expect(try store.deleteAccount(login: account.login))
    #expect(try !store.isLoginTaken("alice"))
    #expect(try store.signIn(login: "Alice", password: "Secret123") == nil)
    #expect(try store.isLoginTaken("bobby"))
    #expect(try !store.deleteAccount(login: account.login), "already gone")
    // The login may be registered again.
    _ = try store.createAccount(login: "alice", password: "Secret123")
  }

  @Test(
    "a login stored in NFC is deleted by the login the store gave back",
    arguments: Engine.allCases)
  func deleteNormalized(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    let account = try store.createAccount(login: "jose\u{301}", password: "Secret123")
    #expect(account.login == "jos\u{E9}")
    #expect(try !store.deleteAccount(login: "jose\u{301}"), "the bytes as typed are not it")
    #expect(try store.deleteAccount(login: account.login))
    #expect(try !store.isLoginTaken("jos\u{E9}"))
  }

  @Test("created_at comes from the store's clock, as the window does", arguments: Engine.allCases)
  func createdAt(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    let account = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.7"))
    // 1_800_000_000 seconds since 1970.
    #expect(account.createdAt == "2027-01-15T08:00:00Z")
  }
}
