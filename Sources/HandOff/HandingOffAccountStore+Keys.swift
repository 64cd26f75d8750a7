import Registration

// The keys, passed through: only a new account is handed off, and a key is no new account.

extension HandingOffAccountStore: AccountKeyStore {
  public func keys(of login: String) throws(AccountStoreError) -> [AccountKey] {
    try keyStore().keys(of: login)
  }

  public func addKey(_ key: AccountKey, to login: String) throws(AccountStoreError) {
    try keyStore().addKey(key, to: login)
  }

  public func removeKey(fingerprint: String, from login: String) throws(AccountStoreError)
    -> Bool
  {
    try keyStore().removeKey(fingerprint: fingerprint, from: login)
  }

  public func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
  {
    try keyStore().signIn(withKeyFingerprint: fingerprint)
  }

  private func keyStore() throws(AccountStoreError) -> any AccountKeyStore {
    guard let keys = store as? any AccountKeyStore else {
      throw .unavailable("this store keeps no keys")
    }
    return keys
  }
}
