import Registration

/// A fingerprint belongs to one account, as in the real store.
extension InMemoryAccountStore: AccountKeyStore {
  private var storedKeys: [(login: String, key: AccountKey)] {
    accountKeys.withLock { $0 }
  }

  private func changeKeys(_ body: (inout [(login: String, key: AccountKey)]) -> Void) {
    accountKeys.withLock { body(&$0) }
  }

  public func keys(of login: String) throws(AccountStoreError) -> [AccountKey] {
    if let error = failing { throw error }
    let key = identityKey(login)
    return storedKeys.filter { identityKey($0.login) == key }.map(\.key)
  }

  public func addKey(_ key: AccountKey, to login: String) throws(AccountStoreError) {
    if let error = failing { throw error }
    guard !storedKeys.contains(where: { $0.key.fingerprint == key.fingerprint }) else {
      throw .keyTaken
    }
    changeKeys { $0.append((login, key)) }
  }

  public func removeKey(fingerprint: String, from login: String) throws(AccountStoreError)
    -> Bool
  {
    if let error = failing { throw error }
    let owner = identityKey(login)
    var removed = false
    changeKeys { keys in
      let before = keys.count
      keys.removeAll { $0.key.fingerprint == fingerprint && identityKey($0.login) == owner }
      removed = keys.count != before
    }
    return removed
  }

  public func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
  {
    if let error = failing { throw error }
    guard let owner = storedKeys.first(where: { $0.key.fingerprint == fingerprint })?.login
    else { return nil }
    return SignedInAccount(login: owner, signedInAt: "2026-11-29T12:00:00Z")
  }
}
