import Foundation
import HandOff
import Registration
import Synchronization
import TestSupport
import Testing

/// A hook that answers as told and remembers whom it was run for; it may wait for a go.
final class FakeHook: NewAccountHook {
  private let calls = Mutex<[(login: String, address: String?)]>([])
  let answer: HookResult
  let started = DispatchSemaphore(value: 0)
  let proceed: DispatchSemaphore?

  init(answer: HookResult = .success, waits: Bool = false) {
    self.answer = answer
    proceed = waits ? DispatchSemaphore(value: 0) : nil
  }

  var runs: [(login: String, address: String?)] { calls.withLock { $0 } }

  func run(for account: CreatedAccount, clientAddress: String?) -> HookResult {
    calls.withLock { $0.append((account.login, clientAddress)) }
    started.signal()
    proceed?.wait()
    return answer
  }
}

/// A store that cannot delete.
final class UndeletableStore: AccountStore {
  let inner = InMemoryAccountStore()
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try inner.createAccount(signUp)
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try inner.signIn(login: login, password: password)
  }

  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try inner.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int { 0 }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    throw .unavailable("disk on fire")
  }
}

@Suite("Creating an account hands it on; a failed hand-off takes it back")
struct HandingOffAccountStoreTests {
  let inner = InMemoryAccountStore()

  @Test("a hand-off that works keeps the account, run once with the client's address")
  func success() throws {
    let hook = FakeHook()
    let store = HandingOffAccountStore(inner, hook: hook, clientAddress: "192.0.2.7")
    let account = try store.createAccount(
      login: "alice", password: "Secret123", origin: SignUpOrigin(address: "192.0.2.7", limit: 3))
    #expect(account.login == "alice")
    #expect(hook.runs.map(\.login) == ["alice"])
    #expect(hook.runs.first?.address == "192.0.2.7")
    #expect(try inner.isLoginTaken("alice"))
    #expect(inner.address(of: "alice") == "192.0.2.7")
  }

  @Test("a hand-off that fails: the account is removed, the error says so, the login is free")
  func failure() throws {
    let store = HandingOffAccountStore(
      inner, hook: FakeHook(answer: .failure(.exited(1))), clientAddress: nil)
    #expect(throws: AccountStoreError.handOffFailed(accountRemoved: true)) {
      try store.createAccount(login: "alice", password: "Secret123")
    }
    #expect(try !inner.isLoginTaken("alice"))
    #expect(inner.count == 0)
  }

  @Test("when the account cannot be removed either, the error says so and the log is told")
  func notRemoved() throws {
    let told = Mutex<[String]>([])
    let store = HandingOffAccountStore(
      UndeletableStore(), hook: FakeHook(answer: .failure(.timedOut)), clientAddress: nil,
      notRemoved: { login, reason in told.withLock { $0.append("\(login): \(reason)") } })
    #expect(throws: AccountStoreError.handOffFailed(accountRemoved: false)) {
      try store.createAccount(login: "alice", password: "Secret123")
    }
    #expect(told.withLock { $0 } == ["alice: disk on fire"])
  }

  @Test("an account the store refuses is never handed on")
  func refused() throws {
    let hook = FakeHook()
    inner.add(login: "alice", password: "Secret123")
    let store = HandingOffAccountStore(inner, hook: hook, clientAddress: "192.0.2.7")
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "alice", password: "Secret123")
    }
    let limited = SignUpOrigin(address: "192.0.2.7", limit: 0)
    #expect(throws: AccountStoreError.addressLimitReached(limit: 0)) {
      try store.createAccount(login: "bobby", password: "Secret123", origin: limited)
    }
    #expect(hook.runs.isEmpty)
  }

  @Test("finishing waits for a hand-off under way: exiting never cuts one short")
  func finishWaits() async throws {
    let hook = FakeHook(waits: true)
    let store = HandingOffAccountStore(inner, hook: hook, clientAddress: nil)
    let order = Mutex<[String]>([])
    let creation = Thread { _ = try? store.createAccount(login: "alice", password: "Secret123") }
    creation.start()
    hook.started.wait()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      store.finishCreating()
      order.withLock { $0.append("finished") }
      finished.signal()
    }.start()
    // Long enough for a finishCreating() that does not wait to have returned.
    try await Task.sleep(for: .milliseconds(200))
    order.withLock { $0.append("hook released") }
    hook.proceed?.signal()
    finished.wait()
    #expect(order.withLock { $0 } == ["hook released", "finished"])
  }
}
