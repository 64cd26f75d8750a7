import Registration

extension HandingOffAccountStore: PasswordResetting {
  /// The inner store's: a reset creates no account, so nothing is handed on.
  public func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    guard let store = self.store as? any PasswordResetting else {
      throw .unavailable("this account store cannot reset passwords")
    }
    return try store.redeemResetCode(login: login, code: code, newPassword: newPassword)
  }
}
