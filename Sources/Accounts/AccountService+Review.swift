import Registration

// What `register admin review` needs of the store beyond the decisions: the admin's notes.

extension AccountService {
  /// Writes an admin's note on the account to the audit log (a row `note`, the text as its
  /// detail). False when there is no such account.
  public func note(_ login: String, _ text: String, by admin: String?) throws(AccountStoreError)
    -> Bool
  {
    guard let found = try account(login) else { return false }
    try auditing(
      .note, login: found.login, address: found.clientAddress, by: admin, detail: text)
    return true
  }
}
