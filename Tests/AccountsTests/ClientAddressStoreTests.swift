import Accounts
import Foundation
import Registration
import Testing

/// Sign-up over SSH in the store: the client's address recorded with each account, at most
/// N accounts per address in 24 hours (decided by the insert itself), and taking back an
/// account whose hand-off failed.
@Suite("Client addresses and removal in the SQLite store")
struct ClientAddressStoreTests {
  let folder: TemporaryFolder
  let clock = TestClock()
  let store: SQLiteAccountStore

  init() throws {
    folder = try TemporaryFolder()
    store = try SignInThrottleTests.open(folder.path("accounts.sqlite"), clock)
  }

  func origin(_ address: String, limit: Int? = 3) -> SignUpOrigin {
    SignUpOrigin(address: address, limit: limit)
  }

  @Test("accounts are counted by the address they came from; others and none are not")
  func counted() throws {
    _ = try store.createAccount(login: "alice", password: "Secret123", origin: origin("192.0.2.7"))
    _ = try store.createAccount(login: "bobby", password: "Secret123", origin: origin("192.0.2.7"))
    _ = try store.createAccount(
      login: "carol", password: "Secret123", origin: origin("2001:db8::1"))
    _ = try store.createAccount(login: "dave1", password: "Secret123")
    #expect(try store.accountsCreated(from: "192.0.2.7") == 2)
    #expect(try store.accountsCreated(from: "2001:db8::1") == 1)
    #expect(try store.accountsCreated(from: "192.0.2.8") == 0)
    #expect(
      try sqlite(
        store.path, "SELECT login || ' ' || ifnull(client_address, '-') FROM accounts ORDER BY id")
        == "alice 192.0.2.7\nbobby 192.0.2.7\ncarol 2001:db8::1\ndave1 -")
  }

  @Test("the limit refuses the next account from that address, and nothing is stored")
  func limit() throws {
    for login in ["alice", "bobby"] {
      _ = try store.createAccount(
        login: login, password: "Secret123", origin: origin("192.0.2.7", limit: 2))
    }
    #expect(throws: AccountStoreError.addressLimitReached(limit: 2)) {
      try store.createAccount(
        login: "carol", password: "Secret123", origin: origin("192.0.2.7", limit: 2))
    }
    #expect(try !store.isLoginTaken("carol"))
    // Another address, and a sign-up with no address, are not held back.
    _ = try store.createAccount(
      login: "carol", password: "Secret123", origin: origin("192.0.2.8", limit: 2))
    _ = try store.createAccount(login: "dave1", password: "Secret123")
    #expect(try sqlite(store.path, "SELECT count(*) FROM accounts") == "4")
  }

  @Test("a taken login is still 'taken' when the address is also at its limit")
  func takenFirst() throws {
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(
        login: "ALICE", password: "Secret123", origin: origin("192.0.2.7", limit: 1))
    }
  }

  @Test("the window is 24 hours: a day later the address may sign up again")
  func window() throws {
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

  @Test("twelve sign-ups at once from one address, in six connections: exactly the limit pass")
  func race() async throws {
    let path = store.path
    // The file exists first, so that every connection opens the same database.
    _ = try store.createAccount(login: "first", password: "Secret123", origin: origin("192.0.2.9"))
    let clock = clock
    let created = await withTaskGroup(of: Int.self) { group in
      for connection in 0..<6 {
        group.addTask {
          guard let store = try? SignInThrottleTests.open(path, clock) else { return 0 }
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
    #expect(try store.accountsCreated(from: "192.0.2.7") == 5)
  }

  @Test("the count does not wait for the file: no file, no accounts")
  func noFile() throws {
    #expect(try store.accountsCreated(from: "192.0.2.7") == 0)
    #expect(try !store.deleteAccount(login: "alice"))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  @Test("deleting takes back exactly the login stored, nothing else")
  func delete() throws {
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

  @Test("a login stored in NFC is deleted by the login the store gave back")
  func deleteNormalized() throws {
    let account = try store.createAccount(login: "jose\u{301}", password: "Secret123")
    #expect(account.login == "jos\u{E9}")
    #expect(try store.deleteAccount(login: account.login))
    #expect(try sqlite(store.path, "SELECT count(*) FROM accounts") == "0")
  }

  @Test("created_at comes from the store's clock, as the window does")
  func createdAt() throws {
    let account = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.7"))
    // 1_800_000_000 seconds since 1970.
    #expect(account.createdAt == "2027-01-15T08:00:00Z")
  }
}
