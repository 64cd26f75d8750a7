import Registration

/// What an engine (SQLite, PostgreSQL) does to its tables: each operation one statement,
/// or one transaction, and nothing more. What the values mean (identity keys, hashes, the
/// throttle's rule, the decoy) is `AccountService`'s, written once for every engine.
protocol AccountTable: Sendable {
  /// For messages: the path, or the URI without its password.
  var description: String { get }

  /// Whether an account, or a name held after `now`, has the identity key `key` (taken),
  /// else one has `skeleton` (a lookalike), else free.
  func availability(key: String, skeleton: String, now: String) throws(AccountStoreError)
    -> LoginAvailability
  /// The accounts stored under identity key `key`: one, or (from before the identity rules)
  /// a few sharing it, oldest first; none when there is no account (or no file yet).
  func find(key: String) throws(AccountStoreError) -> [StoredAccount]
  /// Inserts `account` in one step that refuses a taken or lookalike login and a sign-up
  /// over a limit, so that no race slips past either.
  func insert(_ account: NewAccount) throws(AccountStoreError) -> InsertOutcome
  /// Inserts every one of `accounts` (another store's, `register admin import`), each with
  /// its lock reason and its audit row, in one transaction, or none of them: the positions
  /// of those a sign-up or a held name took since they were checked (nothing inserted
  /// then), or none.
  func insertAll(_ accounts: [ImportedAccount]) throws(AccountStoreError) -> [Int]
  /// Counts an attempt on throttle key `key` at `now`, as if it failed (ThrottlePolicy);
  /// nil if it may go on, otherwise the seconds until it may, and nothing is counted.
  func claim(_ key: String, now: Int) throws(AccountStoreError) -> Int?
  /// The password was right: the failures counted on `key` are forgotten.
  func clearFailures(_ key: String) throws(AccountStoreError)
  /// Stores `hash` for the account with identity key `key` and exactly `login` if its
  /// hash is still `current`; false when it is not (changed meanwhile, or removed).
  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
  /// How many accounts were created from the network `network` after `since`.
  func count(fromNetwork network: String, since: String) throws(AccountStoreError) -> Int
  /// Removes the account with identity key `key` stored with exactly `login`.
  func delete(key: String, login: String) throws(AccountStoreError) -> Bool
  /// Makes the storage now if there is none (SQLite's file).
  func create() throws(AccountStoreError)

  // MARK: Accounts' lives (states, holds, the audit log, bans, the door, reset codes)

  /// Sets the state of the account with identity key `key` (and its lock reason) if its
  /// state is one of `from`, in one conditional statement: of two admins deciding at once,
  /// one changes it. The state found when nothing changed; nil when there is no account.
  func setState(key: String, to state: AccountState, reason: String?, from: [AccountState])
    throws(AccountStoreError) -> StateChange
  /// The account with identity key `key`, with what an admin sees of it.
  func record(key: String) throws(AccountStoreError) -> AccountRecord?
  /// At most `limit` accounts after `afterID` in id order, of `state` if given, created
  /// after `since` if given: one page of a list that never holds all accounts at once.
  func records(state: AccountState?, since: String?, afterID: Int, limit: Int)
    throws(AccountStoreError) -> [AccountRecord]
  /// Calls `row` with every account of `state`, created after `since` (each if given), in
  /// id order: a listing as long as the store, never held whole (AccountTable+Listing
  /// pages through `records`; PostgreSQL streams one query). `row` must not use the table:
  /// its connection may be busy with the listing meanwhile.
  func forEachRecord(
    state: AccountState?, since: String?, _ row: (AccountRecord) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError)
  /// Removes the account with identity key `key` and keeps its key and skeleton held
  /// until `until` (no sign-up may take them), in one transaction. False: no account.
  func delete(key: String, holdUntil until: String) throws(AccountStoreError) -> Bool
  /// Appends one row to the audit log.
  func append(_ entry: AuditEntry) throws(AccountStoreError)
  /// At most `limit` audit rows after `afterID`, at or after `since` if given, of exactly
  /// `login` if given, oldest first.
  func auditEntries(since: String?, login: String?, afterID: Int, limit: Int)
    throws(AccountStoreError)
    -> [AuditEntry]
  /// Calls `row` with every audit row at or after `since`, of exactly `login` (each if
  /// given), oldest first, as `forEachRecord` does accounts (and with its rule for `row`).
  func forEachAuditEntry(
    since: String?, login: String?, _ row: (AuditEntry) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError)
  /// Adds a ban; false when it was there already.
  func addBan(_ ban: Ban) throws(AccountStoreError) -> Bool
  /// Lifts a ban; false when there was none.
  func removeBan(kind: Ban.Kind, pattern: String) throws(AccountStoreError) -> Bool
  /// Every ban, oldest first (an admin's list: short).
  func bans() throws(AccountStoreError) -> [Ban]
  /// Whether sign-ups are closed, and the admin's message.
  func door() throws(AccountStoreError) -> DoorState
  func setDoor(_ door: DoorState) throws(AccountStoreError)
  /// Keeps `hash` as the one reset code of the account `key`/`login` until `expiresAt`
  /// (seconds since 1970), replacing any earlier one.
  func storeResetCode(key: String, login: String, hash: String, expiresAt: Int)
    throws(AccountStoreError)
  /// The reset code of identity key `key`: its account's login, its hash, its end.
  func resetCode(key: String) throws(AccountStoreError)
    -> (login: String, hash: String, expiresAt: Int)?
  /// Uses the code `hash` of `key` up and stores `password` as the account's hash, in one
  /// transaction; false when the code was used (or replaced) meanwhile.
  func redeemResetCode(key: String, hash: String, password: String) throws(AccountStoreError)
    -> Bool
  /// The answers stored with the account with identity key `key`, in the site file's
  /// order (inserted with the account, by `insert`).
  func answers(key: String) throws(AccountStoreError) -> [QuestionAnswer]
  /// Ends the connection; later calls fail.
  func close()
}

/// An account as found: its login as registered, its hash, its state.
struct StoredAccount: Hashable, Sendable {
  let login: String
  let hash: String
  var state: AccountState = .active
  var lockReason: String? = nil
}

/// What a conditional change of state did.
public enum StateChange: Hashable, Sendable {
  case changed
  /// The account was in this state, not one the change starts from: decided already.
  case unchanged(AccountState)
  /// No account, but its name is held: it was rejected or deleted (decided already).
  case removed
  case noAccount
}

/// An account to insert, its keys computed, with the limits its sign-up is held to.
struct NewAccount: Sendable {
  let login: String
  let key: String
  let skeleton: String
  let hash: String
  /// ISO 8601 in UTC.
  let createdAt: String
  /// `.pending` when sign-ups are reviewed.
  let state: AccountState
  /// Time now, ISO 8601 in UTC: names held until later than this are refused.
  let now: String
  /// Where it came from (over SSH), and that address's limit; nil for a local sign-up.
  let origin: Origin?
  /// The door-wide limit (`sign-ups-per-hour`), if the store has one.
  let rate: Limit?
  /// The answers and keys, inserted in the same transaction as the account.
  let details: SignUpDetails

  struct Origin: Sendable {
    /// The address as normalised (`ClientAddress.text`).
    let address: String
    /// What the per-address limit counts: the address, or an IPv6 address's /64.
    let network: String
    let limit: Limit?
  }

  /// At most `count` accounts created after `since`.
  struct Limit: Sendable {
    let count: Int
    let since: String
  }
}

/// An account of another store on its way in: as a sign-up inserts it (`NewAccount`, with
/// no limit), with a lock's reason and its audit row.
struct ImportedAccount: Sendable {
  let account: NewAccount
  let reason: String?
  let audit: AuditEntry
}

/// What an insert did.
enum InsertOutcome: Hashable, Sendable {
  case inserted
  /// An account has the identity or the skeleton.
  case loginTaken
  /// The address (or its /64) has made its share.
  case addressLimitReached
  /// The store made its share of accounts this hour.
  case signUpRateReached
  /// An account has a key of the sign-up's already.
  case keyTaken
}
