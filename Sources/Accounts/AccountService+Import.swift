import Registration

// `register admin import FILE.sqlite`: another store's accounts copied into this one.

/// An account of the file that cannot come in: its login, and whether its identity is taken
/// here (or held, or banned) or it looks like a login here or one before it in the file.
public struct ImportClash: Hashable, Sendable {
  public let login: String
  public let availability: LoginAvailability
}

/// What an import did.
public enum ImportResult: Hashable, Sendable {
  /// Every account of the file is here now: how many.
  case imported(Int)
  /// Nothing was imported: these logins clash.
  case refused([ImportClash])
}

extension AccountService {
  /// Copies every account of the SQLite file at `path` into this store with its hash, its
  /// created time, its state (and a lock's reason) and its address, each an audit row
  /// `import` by `admin`. The file is checked as the program's own is (a regular file of
  /// this user's, no one else's to read, not a symbolic link) and must be of the current
  /// schema: it is read, never migrated. When any login clashes, by
  /// this store's identity rules, with an account or held or banned name here, or with one
  /// before it in the file, nothing is imported and the clashes are returned. The accounts
  /// go in in one transaction: all of them or, when a sign-up took a login meanwhile, none.
  public func importAccounts(fromSQLite path: String, by admin: String?)
    throws(AccountStoreError) -> ImportResult
  {
    try importAccounts(fromSQLite: path, by: admin, checked: {})
  }

  /// `importAccounts`, calling `checked` once the clashes are looked for and none found,
  /// before anything is written (where a sign-up may race the import; the tests' seam).
  func importAccounts(
    fromSQLite path: String, by admin: String?, checked: () throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) -> ImportResult {
    guard try DatabaseFile.check(path) != nil else { throw .unavailable("\(path): no such file") }
    // Opening an older file migrates it: another host's store is only ever read.
    guard try Schema.isCurrent(path) else {
      throw .unavailable(
        "it was written by an older register; bring a copy up to date with this one first "
          + "(register admin list --db COPY) and import the copy")
    }
    let source = try SQLiteAccountTable(path: path, identity: identity, createsFolders: false)
    defer { source.close() }
    var accounts: [(record: AccountRecord, stored: StoredAccount)] = []
    var after = 0
    while true {
      let page = try source.records(state: nil, since: nil, afterID: after, limit: Self.pageSize)
      for record in page {
        let key = identity.identityKey(record.login)
        guard let stored = try source.find(key: key).first(where: { $0.login == record.login })
        else { continue }
        accounts.append((record, stored))
      }
      guard let last = page.last, page.count == Self.pageSize else { break }
      after = last.id
    }
    // Every clash is found before anything is written, so that the admin gets one list.
    var clashes: [ImportClash] = []
    var keys: Set<String> = []
    var skeletons: Set<String> = []
    for (record, _) in accounts {
      let (key, skeleton) = (identity.identityKey(record.login), identity.skeleton(record.login))
      var found = try availability(of: record.login)
      if found == .free {
        found = keys.contains(key) ? .taken : skeletons.contains(skeleton) ? .lookalike : .free
      }
      if found != .free { clashes.append(ImportClash(login: record.login, availability: found)) }
      keys.insert(key)
      skeletons.insert(skeleton)
    }
    guard clashes.isEmpty else { return .refused(clashes) }
    try checked()
    let now = Timestamp.string(clock())
    let imported = accounts.map { record, stored in
      let origin = record.clientAddress.map { address in
        let parsed = ClientAddress(address)
        return NewAccount.Origin(
          address: parsed?.text ?? address, network: parsed?.network ?? address, limit: nil)
      }
      let new = NewAccount(
        login: record.login, key: identity.identityKey(record.login),
        skeleton: identity.skeleton(record.login), hash: stored.hash,
        createdAt: record.createdAt, state: record.state, now: now, origin: origin, rate: nil,
        details: SignUpDetails())
      return ImportedAccount(
        account: new, reason: record.state == .locked ? record.reason : nil,
        audit: AuditEntry(
          at: now, action: .imported, login: record.login, clientAddress: origin?.address,
          by: admin, detail: path))
    }
    // All or nothing, in one transaction: a login a sign-up (or a deletion's hold) took
    // since the check above stops it whole, and is listed as the check's clashes are.
    let refused = try table.insertAll(imported)
    guard refused.isEmpty else {
      var late: [ImportClash] = []
      for index in refused {
        let login = accounts[index].record.login
        let found = try availability(of: login)
        late.append(ImportClash(login: login, availability: found == .free ? .taken : found))
      }
      return .refused(late)
    }
    for entry in imported { options.systemLog?(entry.audit) }
    return .imported(accounts.count)
  }
}
