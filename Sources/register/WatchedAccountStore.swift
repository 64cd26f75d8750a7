import Registration
import Synchronization

/// The store as the session uses it: it remembers whether the last failure was a server
/// away (a script then exits 3), and over SSH it tells the stranger none of the store's
/// reasons (paths, hosts, SQL): those go to the system log, the stranger reads `hiding`.
final class WatchedAccountStore: AccountStore {
  let store: any AccountStore
  private let hiding: String?
  private let log: @Sendable (String) -> Void
  private let unreachable = Atomic(false)

  /// `hiding` is what a stranger reads in place of a failure's reason; nil shows it whole
  /// (run by hand on the host). `log` is told every reason hidden.
  init(_ store: any AccountStore, hiding: String?, log: @escaping @Sendable (String) -> Void) {
    self.store = store
    self.hiding = hiding
    self.log = log
  }

  /// Whether the last call that failed met a server that could not be reached.
  var lastFailureWasUnreachable: Bool { unreachable.load(ordering: .relaxed) }

  /// `body`'s result, its failure remembered, and hidden when it is the store's own.
  func watched<T>(_ body: () throws(AccountStoreError) -> T) throws(AccountStoreError)
    -> T
  {
    do {
      let result = try body()
      unreachable.store(false, ordering: .relaxed)
      return result
    } catch {
      let isUnreachable = if case .unreachable = error { true } else { false }
      unreachable.store(isUnreachable, ordering: .relaxed)
      guard let hiding else { throw error }
      switch error {
      case .unavailable, .unreachable, .refused:
        log("the account store failed: \(error.description)")
        throw .unavailable(hiding)
      default: throw error
      }
    }
  }

  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try watched { () throws(AccountStoreError) in try store.isLoginTaken(login) }
  }

  func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try watched { () throws(AccountStoreError) in try store.availability(of: login) }
  }

  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try watched { () throws(AccountStoreError) in try store.createAccount(signUp) }
  }

  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try watched { () throws(AccountStoreError) in try store.signIn(login: login, password: password)
    }
  }

  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try watched { () throws(AccountStoreError) in
      try store.changePassword(
        login: login, currentPassword: currentPassword, newPassword: newPassword)
    }
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try watched { () throws(AccountStoreError) in try store.accountsCreated(from: address) }
  }

  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try watched { () throws(AccountStoreError) in try store.deleteAccount(login: login) }
  }
}
