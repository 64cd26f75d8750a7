import Registration

// The keys and password resets, watched as every other call: a failure remembered, the
// store's reasons hidden from strangers.

extension WatchedAccountStore: WrappingAccountStore, AccountKeyStore, PasswordResetting {
  func wrappedStore() throws(AccountStoreError) -> any AccountStore { store }

  func forwarding<T>(_ call: () throws(AccountStoreError) -> T) throws(AccountStoreError) -> T {
    try watched(call)
  }
}
