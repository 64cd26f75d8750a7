import Registration

/// The account store, on any engine: logins unique by identity (the keys `identity`
/// computes; the store never computes its own), lookalikes found by skeleton, passwords
/// only as yescrypt hashes, failed sign-ins throttled, a decoy hash verified for a login
/// with no account. What the SQL does is the table's (`AccountTable`: SQLite or
/// PostgreSQL); the rules are written here once. Safe to share between threads.
public final class AccountService: ClosableAccountStore, PrehashedAccountStore,
  CustomStringConvertible
{
  let table: any AccountTable
  let identity: any LoginIdentity
  let clock: @Sendable () -> Int
  let hasher: any PasswordHasher
  let options: StoreOptions

  /// `clock` gives the seconds since 1970 (the throttle's and the limits').
  init(
    table: any AccountTable, identity: any LoginIdentity, clock: (@Sendable () -> Int)?,
    hasher: any PasswordHasher = YescryptHasher(), options: StoreOptions = StoreOptions()
  ) {
    self.table = table
    self.identity = identity
    self.clock = clock ?? Timestamp.seconds
    self.hasher = hasher
    self.options = options
  }

  /// The path, or the URI without its password.
  public var description: String { table.description }

  /// The SQLite file's path (on PostgreSQL, the URI without its password).
  public var path: String { (table as? SQLiteAccountTable)?.path ?? table.description }

  /// The PostgreSQL database's URI (its password kept out of `description`); nil on SQLite.
  public var uri: PostgresURI? { (table as? PostgresAccountTable)?.uri }

  /// Makes the storage now if there is none: SQLite's file, for tools that fill it from
  /// outside (PostgreSQL has its schema from the start).
  public func create() throws(AccountStoreError) { try table.create() }

  /// Closes the database: SQLite folds its `-wal` into the file and removes the `-wal` and
  /// `-shm` (unless another process has it open); PostgreSQL's connection ends. Later calls
  /// fail.
  public func close() { table.close() }

  // MARK: Looking up

  public func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try availability(of: login) == .taken
  }

  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    let (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    // No account holds a NUL (sign-up refuses it), and PostgreSQL's text cannot.
    guard !Self.hasNUL(key, skeleton) else { return .free }
    // A banned login is as a taken one: "not available", whoever asks.
    if try isBanned(identityKey: key) { return .taken }
    return try table.availability(key: key, skeleton: skeleton, now: Timestamp.string(clock()))
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    guard let network = Self.origin(address, limit: nil)?.network else { return 0 }
    let since = Timestamp.string(clock() - SignUpOrigin.windowSeconds)
    return try table.count(fromNetwork: network, since: since)
  }

  // MARK: Signing up

  public func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    // Refused before the hash, which is slow on purpose.
    try Self.refuseNUL(signUp.login, "login")
    // No password, no hash: one no password matches, and a way in by key.
    if signUp.withoutPassword {
      guard !signUp.details.keys.isEmpty else { throw .unavailable("an account needs a way in") }
      return try insert(
        login: signUp.login, passwordHash: PasswordHash.none, origin: signUp.origin,
        details: signUp.details)
    }
    try Self.refuseNUL(signUp.password, "password")
    // crypt(3) takes no more: refused in words, not as "could not hash".
    guard signUp.password.utf8.count <= PasswordHash.longestPassword else {
      throw .passwordTooLong(longestBytes: PasswordHash.longestPassword)
    }
    return try insert(
      login: signUp.login, passwordHash: try hasher.hash(signUp.password), origin: signUp.origin,
      details: signUp.details)
  }

  /// For the benchmark, which times the store without yescrypt.
  package func createAccount(login: String, passwordHash: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try insert(login: login, passwordHash: passwordHash, origin: nil)
  }

  public func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    let key = identity.identityKey(login)
    guard !Self.hasNUL(key, login) else { return false }
    return try table.delete(key: key, login: login)
  }

  /// Inserts the account in one step that also refuses a lookalike and a sign-up over a
  /// limit: no race slips past either.
  private func insert(
    login: String, passwordHash: String, origin: SignUpOrigin?,
    details: SignUpDetails = SignUpDetails()
  ) throws(AccountStoreError) -> CreatedAccount {
    try Self.refuseNUL(login, "login")
    let now = clock()
    // Stored as typed, after NFC.
    let login = identity.normalized(login)
    let key = identity.identityKey(login)
    // The door and the bans, checked again here: a session that passed them before the
    // form was filled in is held to a ban made meanwhile.
    let door = try table.door()
    if door.closed { throw .signUpsClosed(message: door.message) }
    if let address = origin?.address, try isBanned(address: address) { throw .addressBanned }
    if try isBanned(identityKey: key) { throw .loginTaken }
    let createdAt = Timestamp.string(now)
    let account = CreatedAccount(
      login: login, passwordHash: passwordHash, createdAt: createdAt,
      state: options.review ? .pending : .active, answers: details.answers,
      keys: details.keys.eachFingerprintOnce.map { $0.added(at: createdAt) })
    let new = NewAccount(
      login: login, key: key, skeleton: identity.skeleton(login),
      hash: passwordHash, createdAt: account.createdAt, state: account.state,
      now: account.createdAt,
      origin: try origin.map { origin throws(AccountStoreError) in
        guard let found = Self.origin(origin.address, limit: origin.limit, now: now) else {
          throw .containsNUL("client address")
        }
        return found
      },
      rate: options.signUpsPerHour.map {
        NewAccount.Limit(count: $0, since: Timestamp.string(now - 60 * 60))
      },
      details: details)
    switch try table.insert(new) {
    case .inserted:
      audit(
        .signUp, login: login, address: new.origin?.address,
        detail: account.state == .pending ? "pending" : nil)
      return account
    case .loginTaken: throw .loginTaken
    case .addressLimitReached: throw .addressLimitReached(limit: origin?.limit ?? 0)
    case .signUpRateReached: throw .signUpRateReached(perHour: options.signUpsPerHour ?? 0)
    case .keyTaken: throw .keyTaken
    }
  }

  /// The address normalised (`ClientAddress`) and what its limit counts; text that is no
  /// address is counted as it is. Nil for text with a NUL, which no database holds.
  private static func origin(_ address: String, limit: Int?, now: Int = 0) -> NewAccount.Origin? {
    guard !address.utf8.contains(0) else { return nil }
    let parsed = ClientAddress(address)
    let since = Timestamp.string(now - SignUpOrigin.windowSeconds)
    return NewAccount.Origin(
      address: parsed?.text ?? address, network: parsed?.network ?? address,
      limit: limit.map { NewAccount.Limit(count: $0, since: since) })
  }

  // MARK: Signing in

  /// Throws `.throttled` without checking the password while the login is locked (see
  /// ThrottlePolicy).
  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try verify(login: login, password: password)?.account
  }

  /// Checks the current password by signing in (the same NUL refusal, identity, decoy and
  /// throttle), then stores a hash of the new one over the hash it was checked against.
  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    // Before the sign-in, so that a refused new password counts for nothing.
    try Self.refuseNUL(newPassword, "new password")
    guard newPassword.utf8.count <= PasswordHash.longestPassword else {
      throw .passwordTooLong(longestBytes: PasswordHash.longestPassword)
    }
    guard let (account, current) = try verify(login: login, password: currentPassword) else {
      return nil
    }
    // Hashing is slow on purpose: done holding no lock and no connection.
    let hash = try hasher.hash(newPassword)
    let key = identity.identityKey(login)
    // Changed by another session meanwhile (the password checked is no longer the current
    // one), or removed: as a wrong password.
    guard try table.replaceHash(with: hash, key: key, login: account.login, over: current)
    else { return nil }
    return ChangedPassword(
      login: account.login, passwordHash: hash, changedAt: Timestamp.string(clock()))
  }

  /// The sign-in, the one sequence every engine shares: the identity key, the account
  /// found (before the claim, since it decides the record: a login against the rules has
  /// its own only if an account from before has it), an attempt claimed from the
  /// throttle, exactly one hash verified (the
  /// account's, or the decoy's when there is none, so that a wrong login takes as long as
  /// a wrong password), the failures cleared when it was right. Gives the hash the
  /// password was checked against (a change of password stores its new one only over it).
  private func verify(login: String, password: String) throws(AccountStoreError)
    -> (account: SignedInAccount, hash: String)?
  {
    // Refused, not verified: crypt(3) would check only what comes before the NUL.
    try Self.refuseNUL(password, "password")
    let signingIn = SignInLogin(login, identity: identity)
    let stored =
      try signingIn.key.map { key throws(AccountStoreError) in
        Self.pick(try table.find(key: key), typed: login)
      } ?? nil
    let bucket = signingIn.throttleKey(hasAccount: stored != nil)
    // The login is logged only when an account has it: what strangers type is not kept.
    let named = stored?.login
    if let seconds = try table.claim(bucket, now: clock()) {
      audit(.signInThrottled, login: named, address: options.clientAddress)
      throw .throttled(retryAfterSeconds: seconds)
    }
    guard let stored else {
      _ = verifyOnce(password, against: PasswordHash.decoy)
      audit(.signInFailed, login: nil, address: options.clientAddress, kept: false)
      return nil
    }
    // An account without a password: its `!` is never verified, the decoy is (a wrong
    // password takes as long), and the person is told it signs in with its key.
    if stored.hash == PasswordHash.none {
      _ = verifyOnce(password, against: PasswordHash.decoy)
      audit(.signInFailed, login: named, address: options.clientAddress)
      throw .signsInWithKey
    }
    guard verifyOnce(password, against: stored.hash) else {
      audit(.signInFailed, login: named, address: options.clientAddress)
      return nil
    }
    try table.clearFailures(bucket)
    // Only to someone who knows the password: the state of the account.
    switch stored.state {
    case .active: break
    case .pending: throw .accountPending
    case .locked: throw .accountLocked(reason: stored.lockReason)
    }
    return (
      SignedInAccount(login: stored.login, signedInAt: Timestamp.string(clock())), stored.hash
    )
  }

  /// One yescrypt verification, whatever the password: one too long to hash (which crypt
  /// would refuse at once, making the answer nearly free) costs a verification of a
  /// stand-in against the decoy, and is wrong.
  private func verifyOnce(_ password: String, against hash: String) -> Bool {
    guard password.utf8.count <= PasswordHash.longestPassword else {
      _ = hasher.verify("too long", against: PasswordHash.decoy)
      return false
    }
    return hasher.verify(password, against: hash)
  }

  /// Of the accounts sharing an identity key (from before the identity rules), the one
  /// signed in to: the only one, or the one with exactly this login (its bytes, not only
  /// its canonical form).
  private static func pick(_ found: [StoredAccount], typed login: String) -> StoredAccount? {
    found.count == 1 ? found.first : found.first { $0.login.utf8.elementsEqual(login.utf8) }
  }

  private static func refuseNUL(_ text: String, _ name: String) throws(AccountStoreError) {
    guard !text.utf8.contains(0) else { throw .containsNUL(name) }
  }

  private static func hasNUL(_ texts: String...) -> Bool {
    texts.contains { $0.utf8.contains(0) }
  }
}

/// What a store is asked to hold to beyond its accounts: options the program sets.
public struct StoreOptions: Sendable {
  /// At most this many accounts created in any hour, from anywhere (`sign-ups-per-hour`,
  /// counted in the database: every process and host together); nil, no limit. A sign-up
  /// over it is refused with `.signUpRateReached`.
  public var signUpsPerHour: Int?
  /// `review = yes`: new accounts are pending until an admin approves them.
  public var review: Bool
  /// How many days a deleted login stays taken (`name-hold`).
  public var nameHoldDays: Int
  /// The client's address (over SSH), for the audit rows of sign-ins.
  public var clientAddress: String?
  /// Told every audit row as it is written: the program writes it to the system log.
  public var systemLog: (@Sendable (AuditEntry) -> Void)?

  public static let defaultNameHoldDays = 90

  public init(
    signUpsPerHour: Int? = nil, review: Bool = false,
    nameHoldDays: Int = Self.defaultNameHoldDays, clientAddress: String? = nil,
    systemLog: (@Sendable (AuditEntry) -> Void)? = nil
  ) {
    self.signUpsPerHour = signUpsPerHour
    self.review = review
    self.nameHoldDays = nameHoldDays
    self.clientAddress = clientAddress
    self.systemLog = systemLog
  }
}

/// The store on SQLite (`AccountService.init(path:...)`), under its former name.
public typealias SQLiteAccountStore = AccountService
/// The store on PostgreSQL (`AccountService.init(uri:...)`), under its former name.
public typealias PostgresAccountStore = AccountService
