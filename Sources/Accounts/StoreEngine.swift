import Registration

/// What an engine (SQLite, PostgreSQL) gives: its insert, its sign-in check, and its
/// UPDATE of a hash. The steps around them are the same on every engine, and written
/// once here.
protocol StoreEngine {
  var identity: any LoginIdentity { get }
  var clock: @Sendable () -> Int { get }
  /// Inserts the account in one statement that also refuses a lookalike and, with a
  /// limit, an address that has made its share.
  func insert(login: String, passwordHash: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  /// The sign-in check (NUL refusal, identity, decoy, throttle): the account and the hash
  /// the password was verified against, or nil.
  func verify(login: String, password: String) throws(AccountStoreError)
    -> (account: SignedInAccount, hash: String)?
  /// Stores `hash` for the account with the identity key `key` and exactly `login` if its
  /// hash is still `current`; false when it is not (changed meanwhile, or removed).
  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
}

extension StoreEngine {
  /// `AccountStore.createAccount`: the password hashed, then the account inserted.
  func create(login: String, password: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  {
    // Refused before the hash, which is slow on purpose (the insert refuses it too).
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    return try insert(login: login, passwordHash: try PasswordHash.make(password), origin: origin)
  }

  /// `AccountStore.changePassword`: the current password checked as a sign-in, then the
  /// new one's hash stored over the hash it was checked against.
  func changeVerifiedPassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    // Before the sign-in, so that a refused new password counts for nothing.
    guard !newPassword.utf8.contains(0) else { throw .containsNUL("new password") }
    guard let (account, current) = try verify(login: login, password: currentPassword) else {
      return nil
    }
    // Hashing is slow on purpose: done holding no lock and no connection.
    let hash = try PasswordHash.make(newPassword)
    let key = identity.identityKey(login)
    // Changed by another session meanwhile (the password checked is no longer the current
    // one), or removed: as a wrong password.
    guard try replaceHash(with: hash, key: key, login: account.login, over: current) else {
      return nil
    }
    return ChangedPassword(
      login: account.login, passwordHash: hash, changedAt: Timestamp.string(clock()))
  }
}

extension SQLiteAccountStore: StoreEngine {}
extension PostgresAccountStore: StoreEngine {}
