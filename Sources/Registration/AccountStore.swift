/// An account as created: what the program prints after signing up. The password is not
/// here, only its hash.
public struct CreatedAccount: Hashable, Sendable {
  public let login: String
  /// crypt(3) yescrypt, `$y$...`: can be handed to `useradd -p`.
  public let passwordHash: String
  /// ISO 8601 in UTC, such as `2026-11-29T18:48:43Z`.
  public let createdAt: String
  /// `.pending` when the store reviews sign-ups (it is not handed on until approved).
  public let state: AccountState
  /// The answers to the site's questions it was made with, in the site file's order:
  /// for `--json` and `--on-create` (`REGISTER_ANSWER_<NAME>`).
  public let answers: [QuestionAnswer]
  /// The SSH keys it was made with, as stored (added when it was created): for `--json`.
  public let keys: [AccountKey]

  public init(
    login: String, passwordHash: String, createdAt: String, state: AccountState = .active,
    answers: [QuestionAnswer] = [], keys: [AccountKey] = []
  ) {
    self.login = login
    self.passwordHash = passwordHash
    self.createdAt = createdAt
    self.state = state
    self.answers = answers
    self.keys = keys
  }
}

/// Where an account is in its life: waiting for review, in use, or locked by an admin.
public enum AccountState: String, Hashable, Sendable, CaseIterable {
  case pending, active, locked
}

/// A successful sign-in.
public struct SignedInAccount: Hashable, Sendable {
  /// The login as it was registered (the user may have typed it in another case).
  public let login: String
  /// ISO 8601 in UTC.
  public let signedInAt: String

  public init(login: String, signedInAt: String) {
    self.login = login
    self.signedInAt = signedInAt
  }
}

/// What the store says of a login nobody may be typing for the first time.
public enum LoginAvailability: Hashable, Sendable {
  case free
  /// An account has the same identity (NFKC case fold).
  case taken
  /// No account has its identity, but one has its confusable skeleton.
  case lookalike
}

/// Why the store could not do what was asked. Messages never hold a password.
public enum AccountStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another account has this login's identity, or looks like it.
  case loginTaken
  /// The store could not be read or written; the reason is for people.
  case unavailable(String)
  /// The store's server could not be reached (stopped, or the network lost): trying
  /// again later may work. The reason is for people.
  case unreachable(String)
  /// The login or the password (named) holds a NUL character. C ends text at a NUL, so
  /// crypt(3) would hash less than was typed: such text is refused whole, never cut.
  case containsNUL(String)
  /// The database file is unsafe to use or not this program's; nothing in it was changed.
  case refused(DatabaseRefusal)
  /// Too many failed sign-ins for this login: the password was not checked. Try again
  /// after this many seconds.
  case throttled(retryAfterSeconds: Int)
  /// This many accounts were created from the client's address in the last 24 hours, the
  /// most `--max-per-address` allows: nothing was created.
  case addressLimitReached(limit: Int)
  /// The account was stored, but handing it on (`--on-create`) failed; it was removed
  /// again unless `accountRemoved` is false.
  case handOffFailed(accountRemoved: Bool)
  /// The password is longer than a password hash takes (libxcrypt: 511 bytes). Nothing
  /// was stored.
  case passwordTooLong(longestBytes: Int)
  /// The store made as many accounts in the last hour as its `sign-ups-per-hour` allows,
  /// from whatever address: nothing was created.
  case signUpRateReached(perHour: Int)
  /// The password was right, but the account waits for an admin's approval: not signed in.
  case accountPending
  /// The password was right, but an admin locked the account (with the reason, if given).
  case accountLocked(reason: String?)
  /// Sign-ups are closed (`register admin close`), with the admin's message if given.
  case signUpsClosed(message: String?)
  /// The client's address is banned (`register admin ban address`).
  case addressBanned
  /// An SSH key's fingerprint is already another account's: nothing was stored.
  case keyTaken
  /// Sign in by password of an account made without one (`password = off`): it signs in
  /// with its SSH key. No hash was verified for it (the decoy's was).
  case signsInWithKey

  public var description: String { description(in: .english) }

  /// The password was right but the account may not be used (waiting for approval, or
  /// locked): refused as a wrong password is (exit 5), in the store's own words.
  public var refusesAccount: Bool {
    switch self {
    case .accountPending, .accountLocked, .signsInWithKey: true
    default: false
    }
  }

  /// What went wrong, in the language of `strings`.
  public func description(in strings: Strings) -> String {
    switch self {
    case .loginTaken: "the login is taken"
    case .unavailable(let reason): reason
    case .unreachable(let reason): strings.storeUnreachable(reason)
    case .containsNUL(let what): "the \(what) contains a NUL character"
    case .refused(let refusal): strings.databaseRefused(refusal)
    case .throttled(let seconds): strings.tooManyAttempts(seconds)
    case .addressLimitReached(let limit): strings.addressLimitReached(limit)
    case .handOffFailed: strings.handOffFailed
    case .passwordTooLong(let bytes): strings.passwordTooLong(bytes)
    case .signUpRateReached(let perHour): strings.signUpRateReached(perHour)
    case .accountPending: strings.applicationWaiting
    case .accountLocked(let reason): strings.accountLocked(reason)
    case .signUpsClosed(let message): strings.signUpsClosed(message)
    case .addressBanned: strings.addressBanned
    case .keyTaken: strings.keyTaken
    case .signsInWithKey: strings.signsInWithKey
    }
  }
}

/// Why a database file is refused, the way ssh refuses a private key others can read.
/// `companion` names the file when it is not the database itself but its `-wal` or
/// `-shm` file.
public enum DatabaseRefusal: Hashable, Sendable {
  /// A path given on the command line is in a folder that does not exist.
  case folderMissing(String)
  /// The folder could be changed by someone else: it belongs to another user than you or
  /// root, or group or others may write to it (without the sticky bit of /tmp).
  case folderUnsafe(String)
  /// The path is a folder.
  case isFolder
  case symbolicLink(companion: String?)
  /// A device, FIFO or socket.
  case notRegularFile(companion: String?)
  /// The file belongs to another user (uid `owner`).
  case notOwned(companion: String?, owner: Int)
  /// Group or others may read or write the file (`mode` is its permission bits).
  case openToOthers(companion: String?, mode: Int)
  case notADatabase
  /// A SQLite database of another program.
  case foreignDatabase
  /// Written by a newer version of this program.
  case newerSchema(found: Int, known: Int)
}

/// Where accounts live. Registration declares it; the Accounts module implements it on
/// SQLite; tests use one in memory. Calls may be slow (hashing, disk): view models make
/// them through a `Scheduler`, away from the interface. Logins are compared by the
/// identity and skeleton of the `LoginIdentity` the store was made with.
public protocol AccountStore: Sendable {
  /// Whether an account has this login's identity.
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool
  /// Whether the login is free, taken, or looks like an existing one.
  func availability(of login: String) throws(AccountStoreError) -> LoginAvailability
  /// The account, if the login's identity has one and the password is its password
  /// (where two accounts from before share an identity, the one with exactly this login);
  /// otherwise nil. Throws `.throttled` without checking the password after too many
  /// failures.
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
  /// Stores a new hash of `newPassword` for the account `signIn(login:password:)` with
  /// `currentPassword` would sign in to, checked exactly as that checks it (a wrong one
  /// counts as a failed sign-in; `.throttled` while the login is locked). Nil when the
  /// login or the current password is wrong, with no word of which; also when another
  /// session changed the password (or removed the account) between the check and the
  /// change: the password checked is no longer the current one.
  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?

  // Sign-up over SSH: where accounts come from, and taking one back.

  /// Creates an account; throws `.loginTaken` if the login is taken or looks like an
  /// existing one, even by a race. With `signUp.origin`, records its address with the
  /// account, and with `origin.limit` throws `.addressLimitReached` instead when that many
  /// accounts from the address were created in the last 24 hours: decided in the statement
  /// that inserts, so sessions racing from one address cannot all pass. The account's
  /// answers and keys (`signUp.details`) are stored in the same step, or nothing is.
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount
  /// How many accounts were created from `address` in the last 24 hours.
  func accountsCreated(from address: String) throws(AccountStoreError) -> Int
  /// Removes the account stored with exactly this login (`CreatedAccount.login`, byte for
  /// byte): a sign-up whose hand-off failed. False when there is no such account.
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool
}

/// One sign-up as the store receives it. The password is here only on its way to the hash.
public struct SignUp: Sendable {
  public let login: String
  public let password: String
  /// True for an account made without a password (site `password = off`, keys required):
  /// `password` is empty and the store keeps a hash no password matches.
  public let withoutPassword: Bool
  /// Nil for a sign-up on the host's own terminal.
  public let origin: SignUpOrigin?
  public let details: SignUpDetails

  public init(
    login: String, password: String, origin: SignUpOrigin? = nil,
    details: SignUpDetails = SignUpDetails()
  ) {
    self.login = login
    self.password = password
    self.withoutPassword = false
    self.origin = origin
    self.details = details
  }

  /// A sign-up with no password (site `password = off`): it needs its keys in `details`.
  public init(
    withoutPasswordLogin login: String, origin: SignUpOrigin? = nil, details: SignUpDetails
  ) {
    self.login = login
    self.password = ""
    self.withoutPassword = true
    self.origin = origin
    self.details = details
  }
}

/// What a sign-up brings besides its login and password: the answers to the site's
/// questions, in the site file's order, and the SSH keys it signs up with.
public struct SignUpDetails: Hashable, Sendable {
  public var answers: [QuestionAnswer]
  public var keys: [AccountKey]

  public init(answers: [QuestionAnswer] = [], keys: [AccountKey] = []) {
    self.answers = answers
    self.keys = keys
  }
}

/// The answer to one of the site's questions (`[question NAME]` in the site file).
public struct QuestionAnswer: Hashable, Sendable {
  public enum Value: Hashable, Sendable {
    /// A text, an email, a text area's lines or the choice made, as given.
    case text(String)
    /// A checkbox.
    case checked(Bool)
  }

  /// The section's NAME.
  public let name: String
  public let value: Value

  public init(name: String, value: Value) {
    self.name = name
    self.value = value
  }
}

/// Where a sign-up comes from: the client's address (over SSH, from `SSH_CONNECTION`),
/// and how many accounts that address may create in 24 hours (nil: no limit).
public struct SignUpOrigin: Hashable, Sendable {
  public let address: String
  public let limit: Int?

  /// The window the limit counts in.
  public static let windowSeconds = 24 * 60 * 60

  public init(address: String, limit: Int?) {
    self.address = address
    self.limit = limit
  }
}

extension AccountStore {
  /// An account with a login and a password only, from nowhere in particular.
  public func createAccount(login: String, password: String) throws(AccountStoreError)
    -> CreatedAccount
  {
    try createAccount(SignUp(login: login, password: password))
  }

  /// An account with a login and a password only, recording where it came from.
  public func createAccount(login: String, password: String, origin: SignUpOrigin)
    throws(AccountStoreError) -> CreatedAccount
  {
    try createAccount(SignUp(login: login, password: password, origin: origin))
  }

  /// For stores that know no skeletons: free or taken.
  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try isLoginTaken(login) ? .taken : .free
  }
}
