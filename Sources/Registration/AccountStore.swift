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

/// Why the store could not do what was asked. Messages never hold a password.
public enum AccountStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another account has this login (compared without regard to case).
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
/// them through a `Scheduler`, away from the interface.
public protocol AccountStore: Sendable {
  /// Whether an account has this login, compared without regard to case.
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool
  /// Creates an account; throws `.loginTaken` if the login is taken, even by a race.
  func createAccount(login: String, password: String) throws(AccountStoreError) -> CreatedAccount
  /// The account, if the login exists and the password is its password; otherwise nil.
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount?
}
