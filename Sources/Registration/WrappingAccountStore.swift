/// A store around another (opening it, handing its accounts on, watching its failures)
/// that passes the keys and password resets through: written once here, not in each
/// wrapper. A wrapper that stands for no such store says so with `.unavailable`.
public protocol WrappingAccountStore: Sendable {
  /// The store inside, once there is one (an opening store waits for it).
  func wrappedStore() throws(AccountStoreError) -> any AccountStore
  /// `call`, made as this wrapper makes every call (a watched store remembers and hides
  /// failures); by default made as it is.
  func forwarding<T>(_ call: () throws(AccountStoreError) -> T) throws(AccountStoreError) -> T
}

extension WrappingAccountStore {
  public func forwarding<T>(_ call: () throws(AccountStoreError) -> T) throws(AccountStoreError)
    -> T
  {
    try call()
  }

  /// The store inside as `Inner`, or `.unavailable(refusal)` when it is not one.
  fileprivate func wrapped<Inner>(as _: Inner.Type, refusal: String) throws(AccountStoreError)
    -> Inner
  {
    guard let inner = try wrappedStore() as? Inner else { throw .unavailable(refusal) }
    return inner
  }

  fileprivate func keyStore() throws(AccountStoreError) -> any AccountKeyStore {
    try wrapped(as: (any AccountKeyStore).self, refusal: "this store keeps no keys")
  }
}

extension AccountKeyStore where Self: WrappingAccountStore {
  public func keys(of login: String) throws(AccountStoreError) -> [AccountKey] {
    try forwarding { () throws(AccountStoreError) in try keyStore().keys(of: login) }
  }

  public func addKey(_ key: AccountKey, to login: String) throws(AccountStoreError) {
    try forwarding { () throws(AccountStoreError) in try keyStore().addKey(key, to: login) }
  }

  public func removeKey(fingerprint: String, from login: String) throws(AccountStoreError)
    -> Bool
  {
    try forwarding { () throws(AccountStoreError) in
      try keyStore().removeKey(fingerprint: fingerprint, from: login)
    }
  }

  public func signIn(withKeyFingerprint fingerprint: String) throws(AccountStoreError)
    -> SignedInAccount?
  {
    try forwarding { () throws(AccountStoreError) in
      try keyStore().signIn(withKeyFingerprint: fingerprint)
    }
  }
}

extension PasswordResetting where Self: WrappingAccountStore {
  public func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try forwarding { () throws(AccountStoreError) in
      try wrapped(
        as: (any PasswordResetting).self, refusal: "this account store cannot reset passwords"
      ).redeemResetCode(login: login, code: code, newPassword: newPassword)
    }
  }
}
