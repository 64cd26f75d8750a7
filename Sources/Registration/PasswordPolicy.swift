/// The host's password policy (on Linux, what `passwd` and `pam_pwquality` enforce).
/// Registration declares it; the PasswordQuality module implements it over libpwquality;
/// tests use fakes. A check may be slow (it reads a dictionary): view models make it
/// through a `Scheduler`, away from the interface.
public protocol PasswordPolicy: Sendable {
  /// What the policy asks that the form's own rows can show, so rows and policy agree.
  var rules: PasswordRules { get }
  /// Whether the host would accept `password` for an account called `login`.
  func check(password: String, login: String) -> PasswordVerdict
}

/// A policy's answer about one password.
public enum PasswordVerdict: Hashable, Sendable {
  case accepted
  case refused(PasswordRefusal)
}

/// Why the policy refuses a password: each has a text for people in `Strings`. Never
/// carries the password or any part of it.
public enum PasswordRefusal: Hashable, Sendable, CaseIterable {
  /// A dictionary word, or one reversed or lightly changed (`Password1`).
  case dictionaryWord
  /// The login, forwards or backwards, is inside it (`alice2026` for alice).
  case containsLogin
  /// Too few edits away from the login.
  case similarToLogin
  /// Made from the name of a user of this computer (the account running the program).
  case basedOnUserName
  case tooFewDifferentCharacters
  /// Reads the same backwards.
  case palindrome
  /// Mostly neighbouring characters, like `abcdefgh12`.
  case tooSimple
  /// The pattern of an ID number (two letters, six digits, a letter).
  case looksLikeIDNumber
  /// A run like `abcd` or `4321` longer than the policy allows.
  case sequence
  /// One character repeated in a row more than the policy allows.
  case repeatedCharacter
  /// Too many characters of one kind (lowercase, digits, …) in a row.
  case tooManyOfOneKind
  /// A word the policy forbids (its `badwords`).
  case forbiddenWord
  case tooShort
  case needsDigits
  case needsUppercase
  case needsLowercase
  case needsSymbols
  /// Fewer kinds of characters (lowercase, uppercase, digits, symbols) than asked.
  case needsMoreKinds
  /// Changing a password: only the case of the old one changed.
  case caseChangesOnly
  /// Changing a password: too close to the old one.
  case similarToOld
  /// Changing a password: the old one, rotated.
  case rotatedOld
  /// Changing a password: the old one again.
  case sameAsOld
  /// Refused for a reason we have no words for.
  case other
  /// The check itself failed (its dictionary cannot be read): refused, to be safe.
  case cannotCheck
}

/// What a policy asks that the form shows as its own rows. Counts of a kind of character
/// are counted the way the policy counts them: `A–Z`, `a–z`, `0–9`, and anything else as
/// a symbol. Zero means the policy does not ask.
public struct PasswordRules: Hashable, Sendable {
  /// Characters at least (the form asks for 8 at least, whatever the policy says).
  public var minimumLength: Int
  public var minimumUppercase: Int
  public var minimumLowercase: Int
  public var minimumDigits: Int
  public var minimumSymbols: Int
  /// Kinds of characters (of the four above) at least; 0 or 1 asks nothing.
  public var minimumKinds: Int

  public init(
    minimumLength: Int = 8, minimumUppercase: Int = 0, minimumLowercase: Int = 0,
    minimumDigits: Int = 0, minimumSymbols: Int = 0, minimumKinds: Int = 0
  ) {
    self.minimumLength = minimumLength
    self.minimumUppercase = minimumUppercase
    self.minimumLowercase = minimumLowercase
    self.minimumDigits = minimumDigits
    self.minimumSymbols = minimumSymbols
    self.minimumKinds = minimumKinds
  }
}

/// How hard a password is to guess, on five steps; advisory, for the meter.
public enum PasswordStrength: Int, Hashable, Sendable, CaseIterable, Comparable {
  case veryWeak, weak, fair, good, strong

  public static func < (a: PasswordStrength, b: PasswordStrength) -> Bool {
    a.rawValue < b.rawValue
  }
}

/// Estimates a password's strength (zxcvbn in the program). Fast enough to run on every
/// keystroke on the interface thread.
public protocol StrengthEstimator: Sendable {
  func strength(of password: String, login: String) -> PasswordStrength
}
