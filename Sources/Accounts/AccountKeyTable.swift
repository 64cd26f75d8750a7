import Registration

/// What an engine does to the `account_keys` table: each operation one statement, or one
/// transaction. The rules (identity keys, who may have keys, the audit rows) are
/// `AccountService`'s.
protocol AccountKeyTable: Sendable {
  /// The keys of the account with identity key `key` (the oldest account sharing it, as
  /// `record(key:)`), oldest first.
  func keys(key: String) throws(AccountStoreError) -> [AccountKey]
  /// Adds `accountKey` (its `addedAt` set) to the active account with identity key `key`,
  /// in one statement that refuses a fingerprint any account has.
  func addKey(_ accountKey: AccountKey, key: String) throws(AccountStoreError) -> KeyAddition
  /// Removes the key with `fingerprint` from the account with identity key `key`; false
  /// when that account has no such key.
  func removeKey(fingerprint: String, key: String) throws(AccountStoreError) -> Bool
  /// The account one of whose keys has `fingerprint`, and its state.
  func account(withFingerprint fingerprint: String) throws(AccountStoreError) -> StoredAccount?
  /// The keys of the active account stored with exactly `login` (as typed, through the
  /// `accounts_login` index): what sshd is given. Empty for anyone else.
  func authorizedKeys(login: String) throws(AccountStoreError) -> [AccountKey]
}

/// What adding a key did.
enum KeyAddition: Hashable, Sendable {
  case added
  /// Some account has a key with this fingerprint already.
  case taken
  /// No active account has the identity key.
  case noActiveAccount
}

extension [AccountKey] {
  /// The keys, each fingerprint once (the first): a key given twice in one sign-up is
  /// stored once.
  var eachFingerprintOnce: [AccountKey] {
    var seen: Set<String> = []
    return filter { seen.insert($0.fingerprint).inserted }
  }
}
