import Dispatch
import Registration
import Synchronization

/// An account store opened on another thread, so that the program can draw its first
/// frame meanwhile. Calls wait until it is open; `opened()` says how that went.
public final class OpeningAccountStore: AccountStore {
  private final class Opening: Sendable {
    let result = Mutex<Result<any AccountStore, AccountStoreError>?>(nil)
    let ready = DispatchSemaphore(value: 0)
  }

  private let opening = Opening()

  /// Starts opening (or creating) the SQLite database at `path`.
  public convenience init(path: String) {
    self.init(location: .file(path: path))
  }

  /// Starts opening the store at `location` (a file, or a PostgreSQL server).
  public init(location: StoreLocation) {
    let opening = opening
    DispatchQueue.global().async {
      let opened = Result { () throws(AccountStoreError) in try location.open() }
      opening.result.withLock { $0 = opened }
      opening.ready.signal()
    }
  }

  /// Waits until the store is open: the store, or why it could not be opened.
  public func opened() -> Result<any AccountStore, AccountStoreError> {
    if let done = opening.result.withLock({ $0 }) { return done }
    opening.ready.wait()
    opening.ready.signal()  // for the next caller
    return opening.result.withLock { $0! }
  }

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try opened().get().isLoginTaken(login)
  }

  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try opened().get().createAccount(login: login, password: password)
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try opened().get().signIn(login: login, password: password)
  }
}
