// Sign-up: creating accounts, one insert that refuses a lookalike and an address over its
// limit, and the count per address.

import Registration

extension SQLiteAccountStore {
  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try create(login: login, password: password, origin: nil)
  }

  public func createAccount(login: String, password: String, origin: SignUpOrigin)
    throws(AccountStoreError) -> CreatedAccount
  {
    try create(login: login, password: password, origin: origin)
  }

  public func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    let since = PreparedLogin.windowStart(now: clock())
    return try withConnection { connection throws(DatabaseError) in
      try connection.countFromAddress.bind(address, since)
      defer { connection.countFromAddress.finish() }
      return try connection.countFromAddress.step() ? connection.countFromAddress.integer(0) : 0
    } ?? 0
  }

  package func createAccount(login: String, passwordHash: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try insert(login: login, passwordHash: passwordHash, origin: nil)
  }

  /// Inserts the account in one statement that also refuses a lookalike and, with a
  /// limit, an address that has made its share: no race slips past either.
  func insert(login: String, passwordHash: String, origin: SignUpOrigin?)
    throws(AccountStoreError) -> CreatedAccount
  {
    let prepared = try PreparedLogin(
      login: login, passwordHash: passwordHash, identity: identity, now: clock())
    let (key, skeleton, since) = (prepared.key, prepared.skeleton, prepared.since)
    let address: any SQLValue = origin.map(\.address) ?? SQLNull()
    let limit: any SQLValue = origin?.limit ?? SQLNull()
    let inserted = try withConnection(
      creating: true, failure: { $0.isUniqueViolation ? .loginTaken : AccountStoreError($0) }
    ) { connection throws(DatabaseError) -> Bool? in
      try connection.insert.bind(
        prepared.login, key, skeleton, passwordHash, prepared.account.createdAt, address, limit,
        since)
      _ = try connection.insert.step()
      if connection.database.changes > 0 { return true }
      // Nothing inserted: the login is taken (the limit was met before the unique index
      // could say so) or looks like one, or else the address has made its share.
      if try connection.exists(connection.findKey, key) { return false }
      return try connection.exists(connection.findSkeleton, skeleton) ? false : nil
    }
    guard let inserted else { throw .unavailable("the file was removed while it was being made") }
    switch inserted {
    case .some(true): return prepared.account
    case .some(false): throw .loginTaken
    case .none: throw .addressLimitReached(limit: origin?.limit ?? 0)
    }
  }
}
