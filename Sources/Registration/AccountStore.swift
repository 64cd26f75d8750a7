/// An account as created: what the program prints after signing up. The password is not
/// here, only its hash.
public struct CreatedAccount: Hashable, Sendable {
  public let login: String
  /// crypt(3) yescrypt, `$y$...`: can be handed to `useradd -p`.
  public let passwordHash: String
  /// ISO 8601 in UTC, such as `2026-11-29T18:48:43Z`.
  public let createdAt: String

  public init(login: String, passwordHash: String, createdAt: String) {
    self.login = login
    self.passwordHash = passwordHash
    self.createdAt = createdAt
  }
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
  /// The login or the password (named) holds a NUL character. C ends text at a NUL, so
  /// crypt(3) would hash less than was typed: such text is refused whole, never cut.
  case containsNUL(String)

  public var description: String {
    switch self {
    case .loginTaken: "the login is taken"
    case .unavailable(let reason): reason
    case .containsNUL(let what): "the \(what) contains a NUL character"
    }
  }
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
  /// Creates an account; throws `.loginTaken` if the login is taken or looks like an
  /// existing one, even by a race.
  func createAccount(login: String, password: String) throws(AccountStoreError) -> CreatedAccount
  /// The account, if the login's identity has one and the password is its password
  /// (where two accounts from before share an identity, the one with exactly this login);
  /// otherwise nil.
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
}

extension AccountStore {
  /// For stores that know no skeletons: free or taken.
  public func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try isLoginTaken(login) ? .taken : .free
  }
}
