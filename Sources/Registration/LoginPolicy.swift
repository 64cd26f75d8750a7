/// The first rule a login breaks, so the form can say precisely why it is refused.
public enum LoginProblem: Hashable, Sendable {
  /// A space, or another blank.
  case space
  /// A control character (a tab, an escape, ...).
  case controlCharacter
  /// An invisible character: a zero-width space, a joiner, a direction mark, ...
  case invisibleCharacter
  /// A code point Unicode leaves unassigned, or one for private use.
  case unknownCharacter
  /// A visible character that is neither a letter, a digit nor `.`, `_`, `-`: named.
  case notAllowed(String)
  /// The first character is `.`, `_`, `-` or a lone mark.
  case startsWithPunctuation
  case endsWithPunctuation
  /// Two of `.`, `_`, `-` side by side: they go between letters and digits.
  case punctuationInARow
  /// Letters of scripts that UTS #39's "moderately restrictive" level does not let mix
  /// (Latin with Cyrillic or Greek, Cyrillic with Greek, ...).
  case mixedScripts
  /// Digits of two number systems (`1` and `१`).
  case mixedDigits
  /// The same mark twice on one character (drawn on top of each other).
  case repeatedMark
  /// More marks on one character than any script needs.
  case tooManyMarks
  /// More than `limit` characters.
  case tooLong(limit: Int)
  /// With Unix names: the first character is not a letter from a to z.
  case unixFirstCharacter
  /// With Unix names: a character other than a-z, 0-9, `-`, `_`: named.
  case unixCharacter(String)
}

/// Which rule a login is checked against: the row under the field says it.
public enum LoginRule: Hashable, Sendable {
  /// Letters and digits of any script, with `.`, `_`, `-` between them.
  case unicode
  /// Debian's `NAME_REGEX`, `^[a-z][-a-z0-9_]*$`, for logins handed to `useradd`.
  case unixNames
}

/// Why a login that nobody has registered still cannot be had, decided without the store.
public enum LoginReservation: Hashable, Sendable {
  /// On the built-in list or the site's (`--reserved FILE`), or looks like a name there.
  case reserved
  /// The name of a user or group of the system (`--unix-names`).
  case systemName
}

/// When two logins are one account, and what a login looks like. The account store is
/// given one, so that it stores the keys it computes; it never computes them itself.
public protocol LoginIdentity: Sendable {
  /// The form a login is stored in: NFC, otherwise as typed.
  func normalized(_ login: String) -> String
  /// Equal for logins that are one account: the NFKC case fold (`Straße` = `STRASSE`).
  func identityKey(_ login: String) -> String
  /// Equal for logins that look alike: a UTS #39 confusable skeleton, case ignored.
  func skeleton(_ login: String) -> String
}

/// What a login may be. Registration declares it; the Policy module implements it over
/// ICU; tests use a fake. Calls may come from any thread.
public protocol LoginPolicy: LoginIdentity {
  var rule: LoginRule { get }
  /// The first rule `login` breaks, nil when it breaks none. Length's lower bound is a
  /// row of its own and not checked here.
  func validate(_ login: String) -> LoginProblem?
  /// Whether the login is reserved or a system name; may be slow (the user database).
  func reservation(of login: String) -> LoginReservation?
}
