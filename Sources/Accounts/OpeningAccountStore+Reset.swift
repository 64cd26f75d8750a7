import Registration

extension OpeningAccountStore: PasswordResetting {
  /// The opened store's, once it is open; a store that has no reset codes cannot.
  public func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    guard let store = try opened().get() as? any PasswordResetting else {
      throw .unavailable("this account store cannot reset passwords")
    }
    return try store.redeemResetCode(login: login, code: code, newPassword: newPassword)
  }
}
