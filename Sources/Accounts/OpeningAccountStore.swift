import Dispatch
import Registration
import Synchronization

/// An account store opened on another thread, so that the program can draw its first
/// frame meanwhile. Calls wait until it is open; `opened()` says how that went.
public final class OpeningAccountStore: AccountStore {
  private final class Opening: Sendable {
    let result = Mutex<Result<any ClosableAccountStore, AccountStoreError>?>(nil)
    let ready = DispatchSemaphore(value: 0)
  }

  private let opening = Opening()

  /// Starts opening the SQLite database at `path` (see AccountService.init(path:)), with logins
  /// compared by `identity`.
  public convenience init(path: String, identity: any LoginIdentity, createsFolders: Bool = false) {
    self.init(location: .file(path: path), identity: identity, createsFolders: createsFolders)
  }

  /// Starts opening the store at `location` (a file, or a PostgreSQL server), with logins
  /// compared by `identity`. `createsFolders` is for a file in the default place;
  /// `options` holds the store to a limit per hour; a PostgreSQL server that is away is
  /// waited for up to `failoverWait` seconds in each call.
  public init(
    location: StoreLocation, identity: any LoginIdentity, createsFolders: Bool = false,
    options: StoreOptions = StoreOptions(), failoverWait: Int = 30
  ) {
    let opening = opening
    DispatchQueue.global().async {
      let opened = Result { () throws(AccountStoreError) in
        try location.open(
          identity: identity, createsFolders: createsFolders, options: options,
          failoverWait: failoverWait)
      }
      opening.result.withLock { $0 = opened }
      opening.ready.signal()
    }
  }

  /// Waits until the store is open: the store, or why it could not be opened.
  public func opened() -> Result<any ClosableAccountStore, AccountStoreError> {
    if let done = opening.result.withLock({ $0 }) { return done }
    opening.ready.wait()
    opening.ready.signal()  // for the next caller
    return opening.result.withLock { $0! }
  }

  /// Closes the store once it is open: SQLite's `-wal` and `-shm` files go, a PostgreSQL
  /// connection ends.
  public func close() {
    if case .success(let store) = opened() { store.close() }
  }

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try opened().get().isLoginTaken(login)
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try opened().get().availability(of: login)
  }

  public func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    try opened().get().createAccount(signUp)
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try opened().get().signIn(login: login, password: password)
  }

  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try opened().get().changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try opened().get().accountsCreated(from: address)
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try opened().get().deleteAccount(login: login)
  }
}
