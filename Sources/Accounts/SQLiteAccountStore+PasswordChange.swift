import Registration

extension SQLiteAccountStore {
  /// Checks the current password by signing in (the same NUL refusal, identity, decoy and
  /// throttle), then stores a hash of the new one in one UPDATE of that account's row.
  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try changeVerifiedPassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
  {
    try withConnection { connection throws(DatabaseError) -> Bool in
      try connection.changePassword.bind(hash, key, login, current)
      _ = try connection.changePassword.step()
      return connection.database.changes > 0
    } == true
  }
}
