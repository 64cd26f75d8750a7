import Registration

// Accounts' lives, for `register admin`: decisions on states, deletion with the name held,
// reset codes, bans, the door, and the audit log every one of them writes.

extension AccountService {
  // MARK: The audit log

  /// Appends a row to the audit log and tells the system log. For the store's own events
  /// (sign-ups, failed sign-ins): a row that cannot be written does not stop the event.
  /// With `kept` false, the system log alone: a failed sign-in of a login no account has
  /// would let strangers grow the table without end (the throttle's records are capped).
  func audit(
    _ action: AuditEntry.Action, login: String?, address: String?, by: String? = nil,
    detail: String? = nil, kept: Bool = true
  ) {
    guard kept else {
      options.systemLog?(
        AuditEntry(
          at: Timestamp.string(clock()), action: action, login: login, clientAddress: address,
          by: by, detail: detail))
      return
    }
    try? auditing(action, login: login, address: address, by: by, detail: detail)
  }

  /// `audit`, for an admin's action: a row that cannot be written is an error.
  func auditing(
    _ action: AuditEntry.Action, login: String?, address: String?, by: String?,
    detail: String? = nil
  ) throws(AccountStoreError) {
    let entry = AuditEntry(
      at: Timestamp.string(clock()), action: action, login: login, clientAddress: address, by: by,
      detail: detail)
    options.systemLog?(entry)
    try table.append(entry)
  }

  /// Calls `row` with every audit row at or after `since` (ISO 8601), of exactly `login`
  /// if given, oldest first: the log is never held whole. `row` must not use the store
  /// (collect first): its connection may be busy with the listing meanwhile.
  public func forEachAuditEntry(
    since: String?, login: String? = nil, _ row: (AuditEntry) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    try table.forEachAuditEntry(since: since, login: login, row)
  }

  // MARK: Listing

  /// How many rows a list reads at a time.
  static let pageSize = 500

  /// Calls `row` with every account (of `state`, created after `since`, if given) in the
  /// order they were made: a million accounts are never held at once. `row` must not use
  /// the store (collect first): its connection may be busy with the listing meanwhile.
  public func forEachAccount(
    state: AccountState?, since: String?, _ row: (AccountRecord) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    try table.forEachRecord(state: state, since: since, row)
  }

  /// The account with this login's identity, as an admin sees it.
  public func account(_ login: String) throws(AccountStoreError) -> AccountRecord? {
    guard let key = adminKey(login) else { return nil }
    return try table.record(key: key)
  }

  /// The account as a hand-off takes it (`REGISTER_*`: its hash, never a password) and the
  /// address it signed up from, read once; nil when there is none.
  public func accountToHandOn(_ login: String) throws(AccountStoreError)
    -> (account: CreatedAccount, clientAddress: String?)?
  {
    guard let key = adminKey(login), let found = try table.record(key: key),
      let stored = try table.find(key: key).first(where: { $0.login == found.login })
    else { return nil }
    let account = CreatedAccount(
      login: found.login, passwordHash: stored.hash, createdAt: found.createdAt,
      state: found.state, answers: try table.answers(key: key))
    return (account, found.clientAddress)
  }

  /// The seconds since 1970 of the store's clock, as ISO 8601.
  public func timestamp(secondsAgo seconds: Int) -> String {
    Timestamp.string(clock() - seconds)
  }

  // MARK: Decisions

  /// Pending to active. `.unchanged` when it was decided already (by another admin).
  public func approve(_ login: String, by admin: String?) throws(AccountStoreError)
    -> StateChange
  {
    try decide(login, to: .active, reason: nil, from: [.pending], action: .approve, by: admin)
  }

  /// Undoes an approval whose hand-off failed: active to pending again, no audit row of its
  /// own (the approval's failure is said by whoever approved).
  public func returnToPending(_ login: String) throws(AccountStoreError) -> StateChange {
    guard let key = adminKey(login) else { return .noAccount }
    return try table.setState(key: key, to: .pending, reason: nil, from: [.active])
  }

  /// A pending account refused: it is deleted and its name held, as `delete` does.
  public func reject(_ login: String, reason: String?, by admin: String?)
    throws(AccountStoreError) -> StateChange
  {
    guard let key = adminKey(login), let found = try table.record(key: key) else {
      return try absence(login)
    }
    // Locked first, conditionally: of an approve and a reject at once, one wins.
    let change = try table.setState(key: key, to: .locked, reason: reason, from: [.pending])
    guard change == .changed else { return change == .noAccount ? try absence(login) : change }
    _ = try table.delete(key: key, holdUntil: holdUntil())
    try auditing(
      .reject, login: found.login, address: found.clientAddress, by: admin, detail: reason)
    return .changed
  }

  /// Active to locked, with the admin's reason.
  public func lock(_ login: String, reason: String?, by admin: String?)
    throws(AccountStoreError) -> StateChange
  {
    // Not a pending one: unlocked, it would be active without review or `--on-create`.
    try decide(login, to: .locked, reason: reason, from: [.active], action: .lock, by: admin)
  }

  /// Locked to active.
  public func unlock(_ login: String, by admin: String?) throws(AccountStoreError)
    -> StateChange
  {
    try decide(login, to: .active, reason: nil, from: [.locked], action: .unlock, by: admin)
  }

  /// Deletes the account and holds its name (identity and skeleton) for `name-hold` days.
  public func delete(_ login: String, by admin: String?) throws(AccountStoreError)
    -> AccountRecord?
  {
    guard let key = adminKey(login), let found = try table.record(key: key) else { return nil }
    guard try table.delete(key: key, holdUntil: holdUntil()) else { return nil }
    try auditing(.delete, login: found.login, address: found.clientAddress, by: admin)
    return found
  }

  private func decide(
    _ login: String, to state: AccountState, reason: String?, from: [AccountState],
    action: AuditEntry.Action, by admin: String?
  ) throws(AccountStoreError) -> StateChange {
    guard let key = adminKey(login), let found = try table.record(key: key) else {
      return try absence(login)
    }
    let change = try table.setState(key: key, to: state, reason: reason, from: from)
    if change == .noAccount { return try absence(login) }
    if change == .changed {
      try auditing(
        action, login: found.login, address: found.clientAddress, by: admin, detail: reason)
    }
    return change
  }

  /// Why a decision found no account: removed (its name is held: rejected or deleted,
  /// perhaps by another admin a moment ago), or there never was one.
  private func absence(_ login: String) throws(AccountStoreError) -> StateChange {
    guard let key = adminKey(login) else { return .noAccount }
    let found = try table.availability(
      key: key, skeleton: identity.skeleton(login), now: Timestamp.string(clock()))
    return found == .taken ? .removed : .noAccount
  }

  private func holdUntil() -> String {
    Timestamp.string(clock() + options.nameHoldDays * 24 * 60 * 60)
  }

  /// The identity key of a login an admin typed; nil for one no account can have.
  private func adminKey(_ login: String) -> String? {
    guard !login.utf8.contains(0), !login.isEmpty else { return nil }
    return identity.identityKey(login)
  }

  // MARK: Reset codes

  /// How long a reset code is valid.
  public static let resetCodeSeconds = 24 * 60 * 60

  /// A new one-time code for the account, replacing any earlier one: valid 24 hours, once;
  /// only its hash is stored. Nil when there is no such account. The code is for the admin
  /// to pass on: never logged.
  public func makeResetCode(for login: String, by admin: String?) throws(AccountStoreError)
    -> (account: AccountRecord, code: String)?
  {
    guard let key = adminKey(login), let found = try table.record(key: key) else { return nil }
    let code = ResetCode.random()
    try table.storeResetCode(
      key: key, login: found.login, hash: try hasher.hash(code),
      expiresAt: clock() + Self.resetCodeSeconds)
    try auditing(.reset, login: found.login, address: found.clientAddress, by: admin)
    return (found, code)
  }

  /// Sets a new password with a reset code: the code checked like a password at sign-in
  /// (throttled on the same record, one yescrypt verification whether or not there is a
  /// code), used up, the new hash stored. Nil for a wrong, used or expired code or an
  /// unknown login, with no word of which. A pending or locked account says so, as Sign in
  /// does, and is not changed.
  public func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try Self.refuseNULs(code, "code")
    try Self.refuseNULs(newPassword, "new password")
    guard newPassword.utf8.count <= PasswordHash.longestPassword else {
      throw .passwordTooLong(longestBytes: PasswordHash.longestPassword)
    }
    let signingIn = SignInLogin(login, identity: identity)
    let stored =
      try signingIn.key.map { key throws(AccountStoreError) in try table.resetCode(key: key) }
      ?? nil
    let bucket = signingIn.throttleKey(hasAccount: stored != nil)
    if let seconds = try table.claim(bucket, now: clock()) {
      audit(.signInThrottled, login: stored?.login, address: options.clientAddress)
      throw .throttled(retryAfterSeconds: seconds)
    }
    guard let stored, let key = signingIn.key, code.utf8.count <= PasswordHash.longestPassword
    else {
      _ = hasher.verify("no code", against: PasswordHash.decoy)
      return nil
    }
    guard hasher.verify(code, against: stored.hash), stored.expiresAt > clock() else {
      audit(.signInFailed, login: stored.login, address: options.clientAddress, detail: "code")
      return nil
    }
    try table.clearFailures(bucket)
    if let account = try table.find(key: key).first {
      switch account.state {
      case .active: break
      case .pending: throw .accountPending
      case .locked: throw .accountLocked(reason: account.lockReason)
      }
    }
    let hash = try hasher.hash(newPassword)
    guard try table.redeemResetCode(key: key, hash: stored.hash, password: hash) else {
      return nil
    }
    audit(.resetUsed, login: stored.login, address: options.clientAddress)
    return ChangedPassword(
      login: stored.login, passwordHash: hash, changedAt: Timestamp.string(clock()))
  }

  private static func refuseNULs(_ text: String, _ name: String) throws(AccountStoreError) {
    guard !text.utf8.contains(0) else { throw .containsNUL(name) }
  }

  // MARK: Bans and the door

  /// Bans logins whose identity key matches the glob `pattern`, or client addresses in the
  /// network `pattern` (CIDR). False when it was banned already. Throws `.unavailable` for
  /// an address pattern that is no network.
  public func ban(_ kind: Ban.Kind, _ pattern: String, by admin: String?)
    throws(AccountStoreError) -> Bool
  {
    let stored: String
    switch kind {
    case .address:
      guard let range = AddressRange(pattern) else {
        throw .unavailable("\(pattern) is not an address or a network (such as 192.0.2.0/24)")
      }
      stored = range.description
    case .login:
      guard !pattern.isEmpty, !pattern.utf8.contains(0) else {
        throw .unavailable("the pattern is empty")
      }
      // Compared with identity keys: folded the same way, so `Bad*` bans `bad1`.
      stored = identity.identityKey(pattern)
    }
    let added = try table.addBan(
      Ban(kind: kind, pattern: stored, createdAt: Timestamp.string(clock()), by: admin))
    if added {
      try auditing(.ban, login: nil, address: nil, by: admin, detail: "\(kind.rawValue) \(stored)")
    }
    return added
  }

  /// Lifts a ban, given as `ban` was given; false when there was none.
  public func unban(_ kind: Ban.Kind, _ pattern: String, by admin: String?)
    throws(AccountStoreError) -> Bool
  {
    let stored =
      switch kind {
      case .address: AddressRange(pattern)?.description ?? pattern
      case .login: identity.identityKey(pattern)
      }
    let removed = try table.removeBan(kind: kind, pattern: stored)
    if removed {
      try auditing(
        .unban, login: nil, address: nil, by: admin, detail: "\(kind.rawValue) \(stored)")
    }
    return removed
  }

  /// Every ban.
  public func bans() throws(AccountStoreError) -> [Ban] { try table.bans() }

  /// Whether a ban covers `address` (the executable asks before the form).
  public func isBanned(address: String) throws(AccountStoreError) -> Bool {
    try table.bans().contains { $0.covers(address: address) }
  }

  /// Whether a ban covers the login with this identity key.
  func isBanned(identityKey key: String) throws(AccountStoreError) -> Bool {
    try table.bans().contains { $0.covers(identityKey: key) }
  }

  /// Whether a ban covers this login (as typed).
  public func isBanned(login: String) throws(AccountStoreError) -> Bool {
    guard let key = adminKey(login) else { return false }
    return try isBanned(identityKey: key)
  }

  /// What the door says to a client before the form (exit 6 when not `.open`): sign-ups
  /// closed (with the admin's message) come first, then a ban of `address` (over SSH).
  public func admission(address: String?) throws(AccountStoreError) -> Admission {
    let door = try table.door()
    if door.closed { return .closed(message: door.message) }
    if let address, try isBanned(address: address) { return .addressBanned }
    return .open
  }

  /// Whether sign-ups are open, and the admin's message (the executable asks before the form).
  public func door() throws(AccountStoreError) -> DoorState { try table.door() }

  /// Closes sign-ups (with a message for strangers) or opens them; every host sees it.
  public func setDoor(_ door: DoorState, by admin: String?) throws(AccountStoreError) {
    try table.setDoor(door)
    try auditing(
      door.closed ? .close : .open, login: nil, address: nil, by: admin, detail: door.message)
  }
}
