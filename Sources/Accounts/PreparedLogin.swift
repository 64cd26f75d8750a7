import Registration

/// A login made ready for the database, one way for both engines (SQLite, PostgreSQL), so
/// that they refuse, normalize and key it alike.
struct PreparedLogin {
  /// The account an insert makes: its login as stored, its hash and its creation time.
  let account: CreatedAccount
  /// Equal for logins that are one account.
  let key: String
  /// Equal for logins that look alike.
  let skeleton: String
  /// The start of the window in which an address's sign-ups are counted.
  let since: String

  /// The login as stored: as typed, after NFC.
  var login: String { account.login }

  /// An insert's: a login with a NUL is refused; `now` (seconds since 1970) is the
  /// account's creation time.
  init(login: String, passwordHash: String, identity: any LoginIdentity, now: Int)
    throws(AccountStoreError)
  {
    guard !login.utf8.contains(0) else { throw .containsNUL("login") }
    // Stored as typed, after NFC.
    let login = identity.normalized(login)
    (key, skeleton) = (identity.identityKey(login), identity.skeleton(login))
    account = CreatedAccount(
      login: login, passwordHash: passwordHash, createdAt: Timestamp.string(now))
    since = Self.windowStart(now: now)
  }

  /// The start of the window, at `now`, in which an address's sign-ups are counted.
  static func windowStart(now: Int) -> String {
    Timestamp.string(now - SignUpOrigin.windowSeconds)
  }

  /// The key a sign-in looks `login` up by, as typed.
  static func signInKey(login: String, password: String, identity: any LoginIdentity)
    throws(AccountStoreError) -> String
  {
    // Refused, not verified: crypt(3) would check only what comes before the NUL.
    guard !password.utf8.contains(0) else { throw .containsNUL("password") }
    return identity.identityKey(login)
  }
}
