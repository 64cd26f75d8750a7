// Sign-in: the password checked against the stored hash, behind the throttle.

import Registration

extension SQLiteAccountStore {
  /// Throws `.throttled` without checking the password while the login is locked (see
  /// SignInThrottle).
  public func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  {
    try verify(login: login, password: password)?.account
  }

  /// A sign-in that also gives the hash the password was checked against (a change of
  /// password stores its new hash only over that one).
  func verify(login: String, password: String) throws(AccountStoreError)
    -> (account: SignedInAccount, hash: String)?
  {
    let key = try PreparedLogin.signInKey(login: login, password: password, identity: identity)
    let now = clock()
    let found = try withConnection { connection throws(DatabaseError) -> Found in
      if let wait = try connection.throttle.claim(key, now: now) { return .locked(wait) }
      try connection.find.bind(key)
      defer { connection.find.finish() }
      var candidates: [(login: String, hash: String)] = []
      while candidates.count < 64, try connection.find.step() {
        candidates.append((connection.find.text(0), connection.find.text(1)))
      }
      // Accounts from before the identity rules may share one: the exact login (its
      // bytes, not only its canonical form) decides which.
      let stored =
        candidates.count == 1
        ? candidates.first : candidates.first { $0.login.utf8.elementsEqual(login.utf8) }
      return stored.map { .account(login: $0.login, hash: $0.hash) } ?? .unknown
    }
    switch found {
    case .locked(let seconds):
      throw .throttled(retryAfterSeconds: seconds)
    case .account(let stored, let hash):
      guard PasswordHash.verify(password, against: hash) else { return nil }
      _ = try withConnection { connection throws(DatabaseError) in
        try connection.throttle.succeeded(key)
      }
      return (SignedInAccount(login: stored, signedInAt: Timestamp.string(clock())), hash)
    case .unknown, nil:
      // No such login (or no file: no accounts at all). As long as a wrong password.
      _ = PasswordHash.verify(password, against: PasswordHash.decoy)
      return nil
    }
  }

  /// What a sign-in found under its lock.
  private enum Found {
    case locked(Int)
    case account(login: String, hash: String)
    case unknown
  }
}
