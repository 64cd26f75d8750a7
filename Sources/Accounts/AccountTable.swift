import Registration

/// What an engine (SQLite, PostgreSQL) does to its tables: each operation one statement,
/// or one transaction, and nothing more. What the values mean (identity keys, hashes, the
/// throttle's rule, the decoy) is `AccountService`'s, written once for every engine.
protocol AccountTable: Sendable {
  /// For messages: the path, or the URI without its password.
  var description: String { get }

  /// Whether an account has the identity key `key` (taken), else one has `skeleton`
  /// (a lookalike), else free.
  func availability(key: String, skeleton: String) throws(AccountStoreError) -> LoginAvailability
  /// The accounts stored under identity key `key`: one, or (from before the identity rules)
  /// a few sharing it, oldest first; none when there is no account (or no file yet).
  func find(key: String) throws(AccountStoreError) -> [StoredAccount]
  /// Inserts `account` in one step that refuses a taken or lookalike login and a sign-up
  /// over a limit, so that no race slips past either.
  func insert(_ account: NewAccount) throws(AccountStoreError) -> InsertOutcome
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
  /// Ends the connection; later calls fail.
  func close()
}

/// An account as found: its login as registered and its hash.
struct StoredAccount: Hashable, Sendable {
  let login: String
  let hash: String
}

/// An account to insert, its keys computed, with the limits its sign-up is held to.
struct NewAccount: Sendable {
  let login: String
  let key: String
  let skeleton: String
  let hash: String
  /// ISO 8601 in UTC.
  let createdAt: String
  /// Where it came from (over SSH), and that address's limit; nil for a local sign-up.
  let origin: Origin?
  /// The door-wide limit (`sign-ups-per-hour`), if the store has one.
  let rate: Limit?

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

/// What an insert did.
enum InsertOutcome: Hashable, Sendable {
  case inserted
  /// An account has the identity or the skeleton.
  case loginTaken
  /// The address (or its /64) has made its share.
  case addressLimitReached
  /// The store made its share of accounts this hour.
  case signUpRateReached
}
