import Registration

// The keys, watched as every other call: a failure remembered, the store's reasons hidden
// from strangers.

extension WatchedAccountStore: AccountKeyStore {
  func keys(of login: String) throws(AccountStoreError) -> [AccountKey] {
    try watched { () throws(AccountStoreError) in try keyStore().keys(of: login) }
  }

  func addKey(_ key: AccountKey, to login: String) throws(AccountStoreError) {
    try watched { () throws(AccountStoreError) in try keyStore().addKey(key, to: login) }
  }

  func removeKey(fingerprint: String, from login: String) throws(AccountStoreError) -> Bool {
    try watched { () throws(AccountStoreError) in
      try keyStore().removeKey(fingerprint: fingerprint, from: login)
    }
  }

  func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
  {
    try watched { () throws(AccountStoreError) in
      try keyStore().signIn(withKeyFingerprint: fingerprint)
    }
  }

  private func keyStore() throws(AccountStoreError) -> any AccountKeyStore {
    guard let keys = store as? any AccountKeyStore else {
      throw .unavailable("this store keeps no keys")
    }
    return keys
  }
}
