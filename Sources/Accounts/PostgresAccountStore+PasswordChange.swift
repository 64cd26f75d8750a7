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
    // Before the sign-in, so that a refused new password counts for nothing.
    guard !newPassword.utf8.contains(0) else { throw .containsNUL("new password") }
    guard let (account, current) = try verify(login: login, password: currentPassword) else {
      return nil
    }
    // Hashing is slow on purpose and holds no connection.
    let hash = try PasswordHash.make(newPassword)
    let key = identity.identityKey(login)
    let changed = try run { connection, _ throws(PostgresError) in
      try !connection.query(PostgresSQL.changePassword, [hash, key, account.login, current])
        .isEmpty
    }
    // Changed by another meanwhile (the password checked is no longer the current one), or
    // removed: as a wrong password.
    guard changed else { return nil }
    return ChangedPassword(login: account.login, passwordHash: hash, changedAt: Timestamp.now())
  }
}
