import Registration
import Synchronization

/// An account store whose accounts are handed on as they are made: creating one stores it,
/// runs the hook, and if the hook fails, removes the account again and throws
/// `.handOffFailed`. A pending account (sign-ups reviewed) is not handed on: that is done
/// at its approval. Everything else is the inner store's.
///
/// The three steps hold one lock, and `finishCreating()` takes it: the program calls it
/// before it exits (also on SIGHUP), so an account is never left stored without its
/// hand-off, nor a hook running with nobody to take the account back.
public final class HandingOffAccountStore: AccountStore {
  let store: any AccountStore
  private let hook: any NewAccountHook
  private let clientAddress: String?
  private let creating = Mutex(())
  /// Told when an account whose hand-off failed could not be removed either.
  private let notRemoved: @Sendable (_ login: String, _ reason: String) -> Void

  public init(
    _ store: any AccountStore, hook: any NewAccountHook, clientAddress: String?,
    notRemoved: @escaping @Sendable (String, String) -> Void = { _, _ in }
  ) {
    self.store = store
    self.hook = hook
    self.clientAddress = clientAddress
    self.notRemoved = notRemoved
  }

  /// Waits until no account is being created and handed on.
  public func finishCreating() {
    creating.withLock { _ in }
  }

  public func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try handingOn { () throws(AccountStoreError) in try store.createAccount(signUp) }
  }

  private func handingOn(_ create: () throws(AccountStoreError) -> CreatedAccount)
    throws(AccountStoreError) -> CreatedAccount
  {
    try creating.withLock { _ throws(AccountStoreError) -> CreatedAccount in
      let account = try create()
      guard account.state == .active else { return account }
      guard case .failure = hook.run(for: account, clientAddress: clientAddress) else {
        return account
      }
      do throws(AccountStoreError) {
        _ = try store.deleteAccount(login: account.login)
      } catch {
        notRemoved(account.login, error.description)
        throw .handOffFailed(accountRemoved: false)
      }
      throw .handOffFailed(accountRemoved: true)
    }
  }

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try store.isLoginTaken(login)
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try store.availability(of: login)
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try store.signIn(login: login, password: password)
  }

  /// Not handed on: the hook is for accounts made, not passwords changed.
  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try store.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try store.accountsCreated(from: address)
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try store.deleteAccount(login: login)
  }
}
