import CPwquality
import Registration

/// libpwquality's answers in our words. Its own texts are never shown: a future version
/// might quote the password in one.
public enum PwqualityAnswer {
  /// Why libpwquality refuses, from its PWQ_ERROR_* number (cracklib's refusals come as
  /// text: see `cracklibMessages`). The password and login tell "contains the login" from
  /// "too similar to it", which the library reports as one.
  public static func refusal(code: Int32, password: String, login: String) -> PasswordRefusal {
    switch code {
    case PWQ_ERROR_USER_CHECK: containsLogin(password, login) ? .containsLogin : .similarToLogin
    case PWQ_ERROR_GECOS_CHECK: .basedOnUserName
    case PWQ_ERROR_BAD_WORDS: .forbiddenWord
    case PWQ_ERROR_PALINDROME: .palindrome
    case PWQ_ERROR_MAX_CONSECUTIVE: .repeatedCharacter
    case PWQ_ERROR_MAX_SEQUENCE: .sequence
    case PWQ_ERROR_MAX_CLASS_REPEAT: .tooManyOfOneKind
    case PWQ_ERROR_MIN_LENGTH, PWQ_ERROR_EMPTY_PASSWORD: .tooShort
    case PWQ_ERROR_MIN_DIGITS: .needsDigits
    case PWQ_ERROR_MIN_UPPERS: .needsUppercase
    case PWQ_ERROR_MIN_LOWERS: .needsLowercase
    case PWQ_ERROR_MIN_OTHERS: .needsSymbols
    case PWQ_ERROR_MIN_CLASSES: .needsMoreKinds
    case PWQ_ERROR_CASE_CHANGES_ONLY: .caseChangesOnly
    case PWQ_ERROR_TOO_SIMILAR: .similarToOld
    case PWQ_ERROR_ROTATED: .rotatedOld
    case PWQ_ERROR_SAME_PASSWORD: .sameAsOld
    case PWQ_ERROR_CRACKLIB_CHECK: .other
    // Out of memory, a failed check: refused, to be safe.
    default: .cannotCheck
    }
  }

  /// Why cracklib refuses, from its text (in English).
  public static func cracklibRefusal(_ text: String) -> PasswordRefusal {
    cracklibMessages.first { $0.0 == text }?.1 ?? .other
  }

  /// Every refusal cracklib words (cracklib 2.9), in English as in its source.
  public static let cracklibMessages: [(String, PasswordRefusal)] = [
    ("it is based on a dictionary word", .dictionaryWord),
    ("it is based on a (reversed) dictionary word", .dictionaryWord),
    ("it is WAY too short", .tooShort),
    ("it is too short", .tooShort),
    ("it does not contain enough DIFFERENT characters", .tooFewDifferentCharacters),
    ("it is all whitespace", .tooSimple),
    ("it is too simplistic/systematic", .tooSimple),
    ("it looks like a National Insurance number.", .looksLikeIDNumber),
    ("it is based on your username", .basedOnUserName),
    ("it is based upon your password entry", .basedOnUserName),
    ("it is derived from your password entry", .basedOnUserName),
    ("it's derived from your password entry", .basedOnUserName),
    ("it is derivable from your password entry", .basedOnUserName),
    ("it's derivable from your password entry", .basedOnUserName),
    ("error loading dictionary", .cannotCheck),
  ]

  /// Whether the login, forwards or backwards, is in the password, compared as
  /// libpwquality compares (A–Z folded to a–z only).
  static func containsLogin(_ password: String, _ login: String) -> Bool {
    guard !login.isEmpty else { return false }
    let password = asciiLowercased(password)
    let login = asciiLowercased(login)
    return password.contains(login) || password.contains(String(login.reversed()))
  }

  private static func asciiLowercased(_ text: String) -> String {
    String(
      decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }
}
