import Registration

extension InMemoryAccountStore: PasswordResetting {
  /// Gives `login`'s account the one-time code `code`, as `register admin reset` would.
  public func addResetCode(_ code: String, for login: String) {
    resetCodes.withLock { $0[identityKey(login)] = code }
  }

  /// Whether `login`'s account still has an unused code.
  public func hasResetCode(for login: String) -> Bool {
    resetCodes.withLock { $0[identityKey(login)] != nil }
  }

  /// The code is used up when it is right; a wrong one leaves it.
  public func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    if let error = failing { throw error }
    let key = identityKey(login)
    let used = resetCodes.withLock { codes -> Bool in
      guard codes[key] == code else { return false }
      codes[key] = nil
      return true
    }
    guard used, let registered = setPassword(newPassword, for: login) else { return nil }
    return ChangedPassword(
      login: registered, passwordHash: "$y$reset$", changedAt: "2026-11-29T12:00:00Z")
  }
}
