import Registration

extension PostgresSQL {
  /// Stores the hash $1 for the account with the identity key $2 and exactly the login $3,
  /// over the hash $4 the current password was checked against; a row back means it was
  /// still that. Run again after a lost connection, it stores the same, or finds $1 there.
  static let changePassword = """
    UPDATE accounts SET password_hash = $1
    WHERE login_key = $2 AND login = $3 AND password_hash IN ($4, $1) RETURNING 1
    """
}

extension PostgresAccountStore {
  /// Checks the current password by signing in (the same NUL refusal, identity, decoy and
  /// throttle, shared by every host), then stores a hash of the new one in one UPDATE.
  public func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try changeVerifiedPassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
  {
    try run { connection, _ throws(PostgresError) in
      try !connection.query(PostgresSQL.changePassword, [hash, key, login, current]).isEmpty
    }
  }
}
