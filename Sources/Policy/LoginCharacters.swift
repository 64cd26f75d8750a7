import CICU
import Registration

/// The character rules of a login, on its NFC form: which characters may appear at all,
/// and where.
enum LoginCharacters {
  /// Longest login, in characters (graphemes, as a person counts them).
  static let maximumLength = 32
  /// More marks than this on one character is decoration, not a script's need (Tibetan
  /// and Devanagari stack three or four at most).
  static let maximumMarks = 4
  static let punctuation: Set<Unicode.Scalar> = [".", "_", "-"]

  /// Characters no login may hold, whatever the rule: blanks, control, invisible and
  /// undefined characters. Nil when there is none.
  static func forbidden(in login: String) -> LoginProblem? {
    for scalar in login.unicodeScalars {
      switch ICU.category(of: scalar) {
      case CICU_CONTROL_CHAR: return .controlCharacter
      case CICU_SPACE_SEPARATOR, CICU_LINE_SEPARATOR, CICU_PARAGRAPH_SEPARATOR: return .space
      case CICU_FORMAT_CHAR: return .invisibleCharacter
      case CICU_UNASSIGNED, CICU_PRIVATE_USE_CHAR, CICU_SURROGATE: return .unknownCharacter
      default:
        if ICU.isWhiteSpace(scalar) { return .space }
        if ICU.isDefaultIgnorable(scalar) { return .invisibleCharacter }
      }
    }
    return nil
  }

  /// Letters and digits of any script, with `.`, `_`, `-` between them; one script as
  /// UTS #39's "moderately restrictive" level allows.
  static func unicodeProblem(in login: String) -> LoginProblem? {
    for scalar in login.unicodeScalars where !isLetterDigitOrMark(scalar) {
      if !punctuation.contains(scalar) { return .notAllowed(String(scalar)) }
    }
    let characters = Array(login)
    if characters.count > maximumLength { return .tooLong(limit: maximumLength) }
    guard let first = characters.first, let last = characters.last else { return nil }
    // A lone mark at the start has no letter to sit on.
    if isPunctuation(first) || isMark(first.unicodeScalars.first!) {
      return .startsWithPunctuation
    }
    if isPunctuation(last) { return .endsWithPunctuation }
    for (previous, next) in zip(characters, characters.dropFirst())
    where isPunctuation(previous) && isPunctuation(next) {
      return .punctuationInARow
    }
    for character in characters {
      // `.` with an accent on it is neither punctuation nor a letter.
      if character.unicodeScalars.count > 1, punctuation.contains(character.unicodeScalars.first!) {
        return .notAllowed(String(character))
      }
      if character.unicodeScalars.count(where: isMark) > maximumMarks { return .tooManyMarks }
    }
    // ICU failed: `UnicodeLoginPolicy.reservation(of:)` refuses the login, with its keys.
    guard let failed = ICU.system.spoofChecks(login) else { return nil }
    if failed & cicu_restriction_level_failed() != 0 { return .mixedScripts }
    if failed & cicu_mixed_numbers_failed() != 0 { return .mixedDigits }
    if failed & cicu_invisible_failed() != 0 { return .repeatedMark }
    return nil
  }

  /// Debian's `NAME_REGEX`, `^[a-z][-a-z0-9_]*$`, at most 32 characters.
  static func unixProblem(in login: String) -> LoginProblem? {
    guard let first = login.unicodeScalars.first else { return nil }
    if !("a"..."z").contains(first) { return .unixFirstCharacter }
    for scalar in login.unicodeScalars.dropFirst() {
      let allowed =
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        || scalar == "_"
      if !allowed { return .unixCharacter(String(scalar)) }
    }
    return login.unicodeScalars.count > maximumLength ? .tooLong(limit: maximumLength) : nil
  }

  private static func isLetterDigitOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch ICU.category(of: scalar) {
    case CICU_UPPERCASE_LETTER, CICU_LOWERCASE_LETTER, CICU_TITLECASE_LETTER, CICU_MODIFIER_LETTER,
      CICU_OTHER_LETTER, CICU_DECIMAL_DIGIT_NUMBER:
      true
    default: isMark(scalar)
    }
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch ICU.category(of: scalar) {
    case CICU_NON_SPACING_MARK, CICU_COMBINING_SPACING_MARK, CICU_ENCLOSING_MARK: true
    default: false
    }
  }

  private static func isPunctuation(_ character: Character) -> Bool {
    character.unicodeScalars.count == 1 && punctuation.contains(character.unicodeScalars.first!)
  }
}
