import Registration
import Synchronization

/// An account store in memory, for tests. It can fail on demand, and have accounts added
/// behind the form's back (another process winning a race). Logins are compared by the
/// identity and skeleton of the policy it is given.
public final class InMemoryAccountStore: AccountStore {
  private struct Account {
    let login: String
    var password: String
    /// Made without a password (`SignUp.withoutPassword`): no password signs it in.
    var withoutPassword = false
    let skeleton: String
    var address: String? = nil
    var createdAt = 0
  }

  private let identity: any LoginIdentity
  /// By identity key.
  private let accounts = Mutex<[String: Account]>([:])
  private let failure = Mutex<AccountStoreError?>(nil)
  private let lookups = Mutex<[String]>([])
  /// Seconds on the store's own clock (accounts by address count over 24 hours of it).
  private let clock = Mutex(0)
  /// One-time reset codes by identity key (InMemoryAccountStore+Reset).
  let resetCodes = Mutex<[String: String]>([:])
  /// SSH keys with the login they were added to (InMemoryAccountStore+Keys).
  let accountKeys = Mutex<[(login: String, key: AccountKey)]>([])

  public init(logins: [String] = [], identity: any LoginIdentity = FakeLoginPolicy()) {
    self.identity = identity
    for login in logins { add(login: login, password: "Secret123") }
  }

  /// Adds an account directly, as another process would.
  public func add(login: String, password: String) {
    let account = Account(login: login, password: password, skeleton: identity.skeleton(login))
    accounts.withLock { $0[identity.identityKey(login)] = account }
  }

  /// Makes every call fail with `error` (nil: work again).
  public func fail(with error: AccountStoreError?) {
    failure.withLock { $0 = error }
  }

  /// Moves the store's clock on (for the 24 hours of `--max-per-address`).
  public func advanceClock(bySeconds seconds: Int) {
    clock.withLock { $0 += seconds }
  }

  /// The address recorded with the account of `login`'s identity, if any.
  public func address(of login: String) -> String? {
    accounts.withLock { $0[identity.identityKey(login)]?.address }
  }

  /// The logins asked about, in order.
  public var lookedUp: [String] { lookups.withLock { $0 } }
  public var count: Int { accounts.withLock { $0.count } }

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try availability(of: login) == .taken
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    if let error = failure.withLock({ $0 }) { throw error }
    lookups.withLock { $0.append(login) }
    return accounts.withLock { availability(of: login, in: $0) }
  }

  public func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    let account = try create(
      login: signUp.login, password: signUp.password, origin: signUp.origin,
      withoutPassword: signUp.withoutPassword)
    // As the real stores do: the answers and keys come back with the account.
    return CreatedAccount(
      login: account.login, passwordHash: account.passwordHash, createdAt: account.createdAt,
      answers: signUp.details.answers, keys: signUp.details.keys)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    if let error = failure.withLock({ $0 }) { throw error }
    return accounts.withLock { count(from: address, in: $0) }
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    if let error = failure.withLock({ $0 }) { throw error }
    return accounts.withLock { accounts in
      let key = identity.identityKey(login)
      guard accounts[key]?.login == login else { return false }
      accounts[key] = nil
      return true
    }
  }

  private func create(
    login: String, password: String, origin: SignUpOrigin?, withoutPassword: Bool = false
  ) throws(AccountStoreError) -> CreatedAccount {
    if let error = failure.withLock({ $0 }) { throw error }
    let now = clock.withLock { $0 }
    let refusal = accounts.withLock { accounts -> AccountStoreError? in
      guard availability(of: login, in: accounts) == .free else { return .loginTaken }
      if let origin, let limit = origin.limit, count(from: origin.address, in: accounts) >= limit {
        return .addressLimitReached(limit: limit)
      }
      accounts[identity.identityKey(login)] = Account(
        login: login, password: password, withoutPassword: withoutPassword,
        skeleton: identity.skeleton(login), address: origin?.address, createdAt: now)
      return nil
    }
    if let refusal { throw refusal }
    return CreatedAccount(
      login: login, passwordHash: withoutPassword ? "!" : "$y$test$",
      createdAt: "2026-11-29T12:00:00Z")
  }

  private func count(from address: String, in accounts: [String: Account]) -> Int {
    let since = clock.withLock { $0 } - SignUpOrigin.windowSeconds
    return accounts.values.count { $0.address == address && $0.createdAt > since }
  }

  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    if let error = failure.withLock({ $0 }) { throw error }
    let found = accounts.withLock({ $0[identity.identityKey(login)] })
    // As the real stores do: told in words, whatever the password.
    if found?.withoutPassword == true { throw .signsInWithKey }
    guard let account = found, account.password == password else { return nil }
    return SignedInAccount(login: account.login, signedInAt: "2026-11-29T12:00:00Z")
  }

  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    if let error = failure.withLock({ $0 }) { throw error }
    guard !newPassword.utf8.contains(0) else { throw .containsNUL("new password") }
    let key = identity.identityKey(login)
    if accounts.withLock({ $0[key]?.withoutPassword }) == true { throw .signsInWithKey }
    return accounts.withLock { accounts -> ChangedPassword? in
      guard var account = accounts[key], account.password == currentPassword else { return nil }
      account.password = newPassword
      accounts[key] = account
      return ChangedPassword(
        login: account.login, passwordHash: "$y$changed$", changedAt: "2026-11-29T12:00:00Z")
    }
  }

  /// Sets the password of `login`'s account: its login as registered, nil when it has none.
  func setPassword(_ password: String, for login: String) -> String? {
    accounts.withLock { accounts -> String? in
      guard var account = accounts[identity.identityKey(login)] else { return nil }
      account.password = password
      accounts[identity.identityKey(login)] = account
      return account.login
    }
  }

  /// The error every call fails with now, if any.
  var failing: AccountStoreError? { failure.withLock { $0 } }

  /// The key logins are compared by.
  func identityKey(_ login: String) -> String { identity.identityKey(login) }

  /// Whether `password` is the password of `login`'s account now.
  public func hasPassword(_ password: String, for login: String) -> Bool {
    accounts.withLock { $0[identity.identityKey(login)]?.password == password }
  }

  private func availability(of login: String, in accounts: [String: Account]) -> LoginAvailability {
    if accounts[identity.identityKey(login)] != nil { return .taken }
    let skeleton = identity.skeleton(login)
    return accounts.values.contains { $0.skeleton == skeleton } ? .lookalike : .free
  }
}
