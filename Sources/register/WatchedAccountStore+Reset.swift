import Registration

extension WatchedAccountStore: PasswordResetting {
  /// The inner store's, watched as every other call is (over SSH its reasons are hidden).
  func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try watched { () throws(AccountStoreError) in
      guard let store = self.store as? any PasswordResetting else {
        throw .unavailable("this account store cannot reset passwords")
      }
      return try store.redeemResetCode(login: login, code: code, newPassword: newPassword)
    }
  }
}
