/// An SSH public key stored with an account, in the parts of an `authorized_keys` line.
/// Made from a checked key (the SSHKeys module); the store keeps it as given.
public struct AccountKey: Hashable, Sendable {
  /// The key type as OpenSSH names it, such as `ssh-ed25519`.
  public let type: String
  /// The key's wire-format blob in base64, as in `authorized_keys`.
  public let base64: String
  /// The comment that came with the key (no control characters); may be empty. Shown only
  /// escaped.
  public let comment: String
  /// `SHA256:...`, as `ssh-keygen -l` prints it. A fingerprint belongs to one account.
  public let fingerprint: String
  /// ISO 8601 in UTC; empty before the store has it.
  public let addedAt: String

  public init(
    type: String, base64: String, comment: String, fingerprint: String, addedAt: String = ""
  ) {
    self.type = type
    self.base64 = base64
    self.comment = comment
    self.fingerprint = fingerprint
    self.addedAt = addedAt
  }
}

/// The keys of accounts, for a member managing their own at `join@` and for signing in
/// with the key one connected with. Implemented by the Accounts module on both engines.
public protocol AccountKeyStore: Sendable {
  /// The keys of the account with this login's identity, oldest first; empty when it has
  /// none or there is no such account.
  func keys(of login: String) throws(AccountStoreError) -> [AccountKey]
  /// Adds `key` to the active account with this login's identity (audit-logged). Throws
  /// `.keyTaken` when any account already has a key with its fingerprint.
  func addKey(_ key: AccountKey, to login: String) throws(AccountStoreError)
  /// Removes the key with this fingerprint from the account (audit-logged); false when the
  /// account has no such key.
  func removeKey(fingerprint: String, from login: String) throws(AccountStoreError) -> Bool
  /// The active account one of whose keys has this fingerprint, signed in (as a sign-in
  /// with its password would be, audit-logged); nil when no active account has it.
  func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
}
