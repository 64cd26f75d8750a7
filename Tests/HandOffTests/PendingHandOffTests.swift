import HandOff
import Registration
import TestSupport
import Testing

/// A store that reviews sign-ups: every account it makes is pending.
final class ReviewingStore: AccountStore {
  let inner = InMemoryAccountStore()
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    Self.pending(try inner.createAccount(signUp))
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    throw .accountPending
  }
  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    throw .accountPending
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int { 0 }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try inner.deleteAccount(login: login)
  }

  private static func pending(_ account: CreatedAccount) -> CreatedAccount {
    CreatedAccount(
      login: account.login, passwordHash: account.passwordHash, createdAt: account.createdAt,
      state: .pending)
  }
}

@Suite("A pending account is not handed on at sign-up")
struct PendingHandOffTests {
  @Test("the hook does not run for a pending account, which stays stored")
  func pendingNotHandedOn() throws {
    let hook = FakeHook(answer: .failure(.exited(1)))
    let inner = ReviewingStore()
    let store = HandingOffAccountStore(inner, hook: hook, clientAddress: "192.0.2.1")
    let made = try store.createAccount(
      login: "alice", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "192.0.2.1", limit: nil))
    #expect(made.state == .pending)
    #expect(hook.runs.isEmpty)
    #expect(try inner.isLoginTaken("alice"))
  }
}
