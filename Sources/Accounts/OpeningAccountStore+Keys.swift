import Registration

// The keys, once the store is open.

extension OpeningAccountStore: AccountKeyStore {
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
    guard let keys = try opened().get() as? any AccountKeyStore else {
      throw .unavailable("this store keeps no keys")
    }
    return keys
  }
}
