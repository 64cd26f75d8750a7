import Registration

// The keys and password resets, passed through once the store is open.

extension OpeningAccountStore: WrappingAccountStore, AccountKeyStore, PasswordResetting {
  public func wrappedStore() throws(AccountStoreError) -> any AccountStore {
    try opened().get()
  }
}
