import Registration

/// What Change password needs of an engine: its sign-in check, and one UPDATE that stores
/// a new hash only over the hash that check saw. The steps around them are the same on
/// every engine, and written once here.
protocol PasswordChangingStore {
  var identity: any LoginIdentity { get }
  var clock: @Sendable () -> Int { get }
  /// The sign-in check (NUL refusal, identity, decoy, throttle): the account and the hash
  /// the password was verified against, or nil.
  func verify(login: String, password: String) throws(AccountStoreError)
    -> (account: SignedInAccount, hash: String)?
  /// Stores `hash` for the account with the identity key `key` and exactly `login` if its
  /// hash is still `current`; false when it is not (changed meanwhile, or removed).
  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
}

extension PasswordChangingStore {
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
