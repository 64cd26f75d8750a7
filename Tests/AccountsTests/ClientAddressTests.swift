import Accounts
import Registration
import Testing

@Suite("Client addresses: one spelling per client")
struct ClientAddressTests {
  @Test(
    "spellings of one address are one",
    arguments: [
      ("192.0.2.1", "192.0.2.1", "192.0.2.1"),
      ("2001:DB8::1", "2001:db8::1", "2001:db8::/64"),
      ("2001:db8:0:0:0:0:0:1", "2001:db8::1", "2001:db8::/64"),
      ("2001:0db8::0001", "2001:db8::1", "2001:db8::/64"),
      ("::ffff:192.0.2.1", "192.0.2.1", "192.0.2.1"),
      ("::FFFF:c000:0201", "192.0.2.1", "192.0.2.1"),
      ("192.0.2.1%eth0", "192.0.2.1", "192.0.2.1"),
      ("fe80::1%eth0", "fe80::1", "fe80::/64"),
      ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
      ("::1", "::1", "::/64"),
    ])
  func normalised(given: String, text: String, network: String) throws {
    let address = try #require(ClientAddress(given))
    #expect(address.text == text)
    #expect(address.network == network)
    #expect(address.description == text)
  }

  @Test(
    "what is no address is none",
    arguments: [
      "", "localhost", "192.0.2", "1.2.3.4.5", "2001:db8::g", "192.0.2.1\u{0}", "%eth0",
      "::ffff:192.0.2.1 ",
    ])
  func notAnAddress(given: String) {
    #expect(ClientAddress(given) == nil)
  }
}

@Suite("Client addresses in the store, on every engine")
struct ClientAddressNormalisingStoreTests {
  let clock = TestClock()

  func origin(_ address: String, limit: Int? = 2) -> SignUpOrigin {
    SignUpOrigin(address: address, limit: limit)
  }

  @Test("spellings of one address count as one, and are stored as one", arguments: Engine.allCases)
  func oneSpelling(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("2001:DB8::1"))
    _ = try store.createAccount(
      login: "bobby", password: "Secret123", origin: origin("2001:db8::1"))
    #expect(throws: AccountStoreError.addressLimitReached(limit: 2)) {
      try store.createAccount(
        login: "carol", password: "Secret123", origin: origin("2001:db8:0::1%eth0"))
    }
    _ = try store.createAccount(
      login: "dave1", password: "Secret123", origin: origin("::ffff:192.0.2.1"))
    _ = try store.createAccount(
      login: "erin1", password: "Secret123", origin: origin("192.0.2.1%eth0"))
    #expect(throws: AccountStoreError.addressLimitReached(limit: 2)) {
      try store.createAccount(login: "frank", password: "Secret123", origin: origin("192.0.2.1"))
    }
    #expect(try store.accountsCreated(from: "::FFFF:192.0.2.1") == 2)
    #expect(try store.accountsCreated(from: "2001:0db8::1") == 2)
    #expect(
      try store.query("SELECT DISTINCT client_address FROM accounts ORDER BY 1")
        == "192.0.2.1\n2001:db8::1")
  }

  @Test("an IPv6 client is counted by its /64", arguments: Engine.allCases)
  func perSlash64(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock)
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("2001:db8:0:7::1"))
    _ = try store.createAccount(
      login: "bobby", password: "Secret123", origin: origin("2001:db8:0:7:ffff::2"))
    #expect(throws: AccountStoreError.addressLimitReached(limit: 2)) {
      try store.createAccount(
        login: "carol", password: "Secret123", origin: origin("2001:db8::7:1:2:3:4"))
    }
    #expect(try store.accountsCreated(from: "2001:db8:0:7::99") == 2)
    // The next /64 is another client.
    _ = try store.createAccount(
      login: "carol", password: "Secret123", origin: origin("2001:db8:0:8::1"))
  }

  @Test(
    "the store's sign-ups per hour: a refusal of its own, from any address, for an hour",
    arguments: Engine.allCases)
  func perHour(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock, options: StoreOptions(signUpsPerHour: 2))
    _ = try store.createAccount(login: "alice", password: "Secret123", origin: origin("192.0.2.1"))
    _ = try store.createAccount(login: "bobby", password: "Secret123")
    #expect(throws: AccountStoreError.signUpRateReached(perHour: 2)) {
      try store.createAccount(login: "carol", password: "Secret123", origin: origin("192.0.2.9"))
    }
    #expect(throws: AccountStoreError.signUpRateReached(perHour: 2)) {
      try store.createAccount(login: "carol", password: "Secret123")
    }
    // A taken login is still said to be taken; the address's own limit is said first.
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "ALICE", password: "Secret123", origin: origin("192.0.2.9"))
    }
    #expect(try !store.isLoginTaken("carol"))
    // Another process on the same database counts the same accounts.
    let other = try store.openAgain()
    #expect(throws: AccountStoreError.signUpRateReached(perHour: 2)) {
      try other.createAccount(login: "carol", password: "Secret123")
    }
    clock.advance(60 * 60 + 1)
    _ = try store.createAccount(login: "carol", password: "Secret123", origin: origin("192.0.2.9"))
    #expect(
      AccountStoreError.signUpRateReached(perHour: 2).description
        == "too many new accounts this hour; try again later")
  }

  @Test("with a limit per hour, the address's own limit is said first", arguments: Engine.allCases)
  func addressFirst(engine: Engine) throws {
    let store = try engine.makeStore(clock: clock, options: StoreOptions(signUpsPerHour: 2))
    _ = try store.createAccount(
      login: "alice", password: "Secret123", origin: origin("192.0.2.1", limit: 1))
    _ = try store.createAccount(
      login: "bobby", password: "Secret123", origin: origin("192.0.2.2", limit: 1))
    #expect(throws: AccountStoreError.addressLimitReached(limit: 1)) {
      try store.createAccount(
        login: "carol", password: "Secret123", origin: origin("192.0.2.1", limit: 1))
    }
  }
}
