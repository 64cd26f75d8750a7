import Registration

// The keys and password resets, passed through: only a new account is handed off, and
// neither a key nor a reset makes one.

extension HandingOffAccountStore: WrappingAccountStore, AccountKeyStore, PasswordResetting {
  public func wrappedStore() throws(AccountStoreError) -> any AccountStore { store }
}
