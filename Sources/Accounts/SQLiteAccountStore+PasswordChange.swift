import Registration

extension SQLiteAccountStore {
  /// Checks the current password by signing in (the same NUL refusal, identity, decoy and
  /// throttle), then stores a hash of the new one in one UPDATE of that account's row.
  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    // Before the sign-in, so that a refused new password counts for nothing.
    guard !newPassword.utf8.contains(0) else { throw .containsNUL("new password") }
    guard let (account, current) = try verify(login: login, password: currentPassword) else {
      return nil
    }
    // Hashing is slow on purpose and needs no lock.
    let hash = try PasswordHash.make(newPassword)
    let key = identity.identityKey(login)
    let changed = try withConnection { connection throws(DatabaseError) -> Bool in
      try connection.changePassword.bind(hash, key, account.login, current)
      _ = try connection.changePassword.step()
      return connection.database.changes > 0
    }
    // Changed by another meanwhile (the password checked is no longer the current one), or
    // removed: as a wrong password.
    guard changed == true else { return nil }
    return ChangedPassword(login: account.login, passwordHash: hash, changedAt: Timestamp.now())
  }
}
