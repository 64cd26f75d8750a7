import Registration

// The keys of accounts: what a member manages at `join@`, what sshd is given for a login,
// what signs a connecting key's account in.

extension AccountService: AccountKeyStore {
  public func keys(of login: String) throws(AccountStoreError) -> [AccountKey] {
    guard !login.utf8.contains(0) else { return [] }
    return try keyTable().keys(key: identity.identityKey(login))
  }

  public func addKey(_ accountKey: AccountKey, to login: String) throws(AccountStoreError) {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    let key = identity.identityKey(login)
    let now = Timestamp.string(clock())
    let stamped = accountKey.added(at: now)
    for part in [stamped.type, stamped.base64, stamped.comment, stamped.fingerprint]
    where part.utf8.contains(0) {
      throw .containsNUL("key")
    }
    switch try keyTable().addKey(stamped, key: key) {
    case .added:
      let owner = try table.record(key: key)?.login ?? login
      audit(
        .keyAdded, login: owner, address: options.clientAddress, detail: stamped.fingerprint)
    case .taken: throw .keyTaken
    case .noActiveAccount: throw .unavailable("no active account has this login")
    }
  }

  public func removeKey(fingerprint: String, from login: String) throws(AccountStoreError)
    -> Bool
  {
    guard !login.utf8.contains(0), !fingerprint.utf8.contains(0) else { return false }
    let key = identity.identityKey(login)
    guard try keyTable().removeKey(fingerprint: fingerprint, key: key) else { return false }
    let owner = try table.record(key: key)?.login ?? login
    audit(.keyRemoved, login: owner, address: options.clientAddress, detail: fingerprint)
    return true
  }

  public func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
  {
    guard !fingerprint.utf8.contains(0),
      let found = try keyTable().account(withFingerprint: fingerprint), found.state == .active
    else { return nil }
    return SignedInAccount(login: found.login, signedInAt: Timestamp.string(clock()))
  }

  /// The keys sshd may take for the Unix user `login`: those of the active account stored
  /// with exactly this login (no identity computed: sshd gives the name as the account
  /// has it). Empty for a pending, locked or unknown one.
  public func authorizedKeys(login: String) throws(AccountStoreError) -> [AccountKey] {
    guard !login.isEmpty, !login.utf8.contains(0) else { return [] }
    return try keyTable().authorizedKeys(login: login)
  }

  /// Both engines' tables keep keys.
  private func keyTable() throws(AccountStoreError) -> any AccountKeyTable {
    guard let keys = table as? any AccountKeyTable else {
      throw .unavailable("this store keeps no keys")
    }
    return keys
  }
}

extension AccountKey {
  /// The key as the store keeps it: added at `time` (ISO 8601).
  func added(at time: String) -> AccountKey {
    AccountKey(
      type: type, base64: base64, comment: comment, fingerprint: fingerprint, addedAt: time)
  }
}
