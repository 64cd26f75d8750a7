import Accounts
import Registration
import Testing

/// libxcrypt hashes at most 511 bytes of password (CRYPT_MAX_PASSPHRASE_SIZE less the
/// C string's end): a longer one is refused in words, not as "could not hash".
@Suite("Account store: the longest password, on every engine")
struct PasswordLengthTests {
  @Test(
    "511 bytes are hashed; 512 are refused as too long, and nothing is stored",
    arguments: Engine.allCases)
  func longest(engine: Engine) throws {
    let store = try engine.makeStore()
    let longest = String(repeating: "é", count: 255) + "x"  // 511 bytes
    _ = try store.createAccount(login: "alice", password: longest)
    #expect(try store.signIn(login: "alice", password: longest)?.login == "alice")
    #expect(throws: AccountStoreError.passwordTooLong(longestBytes: 511)) {
      try store.createAccount(login: "bob", password: longest + "x")
    }
    #expect(try !store.isLoginTaken("bob"))
    #expect(throws: AccountStoreError.passwordTooLong(longestBytes: 511)) {
      try store.changePassword(
        login: "alice", currentPassword: longest, newPassword: longest + "x")
    }
    #expect(try store.signIn(login: "alice", password: longest)?.login == "alice")
    #expect(
      AccountStoreError.passwordTooLong(longestBytes: 511).description
        == "the password is longer than 511 bytes")
  }
}
