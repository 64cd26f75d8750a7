// Passwords: the host's policy. Rows that follow the policy's settings, so that a row is
// never struck while the policy still refuses for that reason.

extension Requirement {
  /// The password's rows: length, uppercase, the kinds the policy counts, and "Hard to
  /// guess" when there is a policy (`policy` not nil).
  public static func password(_ strings: Strings = .english, policy: PasswordRules? = nil)
    -> [Requirement]
  {
    let rules = policy ?? PasswordRules()
    var rows = [passwordLength(strings, atLeast: rules.minimumLength)]
    if rules.minimumUppercase > 0 {
      rows.append(counting(.uppercase, atLeast: rules.minimumUppercase, strings))
    } else {
      rows.append(passwordUppercase(strings))
    }
    for (kind, count) in [
      (CharacterKind.lowercase, rules.minimumLowercase), (.digit, rules.minimumDigits),
      (.symbol, rules.minimumSymbols),
    ] where count > 0 {
      rows.append(counting(kind, atLeast: count, strings))
    }
    if rules.minimumKinds > 1 {
      let kinds = min(rules.minimumKinds, CharacterKind.allCases.count)
      rows.append(
        Requirement(id: "password.kinds", field: .password, text: strings.passwordKinds(kinds)) {
          Set($0.password.map(CharacterKind.init)).count >= kinds
        })
    }
    if policy != nil { rows.append(passwordHardToGuess(strings)) }
    return rows
  }

  /// At least `count` characters (8 or more: a policy cannot make the form laxer).
  public static func passwordLength(_ strings: Strings = .english, atLeast count: Int)
    -> Requirement
  {
    let count = max(8, count)
    if count == 8 { return passwordLength(strings) }
    return Requirement(
      id: "password.length", field: .password, text: strings.passwordLengthAtLeast(count)
    ) { $0.password.count >= count }
  }

  /// Asked of the host's policy, a moment after the last keystroke.
  public static func passwordHardToGuess(_ strings: Strings = .english) -> Requirement {
    Requirement(
      id: "password.policy", field: .password, text: strings.passwordHardToGuess,
      check: .remote(.passwordPolicy), checkingText: strings.checkingPassword,
      otherTexts: PasswordRefusal.allCases.map(strings.passwordRefusal))
  }

  /// At least `count` characters of `kind`, counted as the policy counts them.
  static func counting(_ kind: CharacterKind, atLeast count: Int, _ strings: Strings)
    -> Requirement
  {
    let (id, text): (String, String) =
      switch kind {
      case .uppercase: ("password.uppercase", strings.passwordUppercaseLatin(count))
      case .lowercase: ("password.lowercase", strings.passwordLowercaseLatin(count))
      case .digit: ("password.digits", strings.passwordDigits(count))
      case .symbol: ("password.symbols", strings.passwordSymbols(count))
      }
    return Requirement(id: id, field: .password, text: text) { input in
      input.password.count { CharacterKind($0) == kind } >= count
    }
  }
}

/// The four kinds of characters a password policy counts: `A–Z`, `a–z`, `0–9`, and
/// everything else (other scripts included). A character that is not plain ASCII counts
/// as a symbol, as libpwquality counts its bytes.
enum CharacterKind: CaseIterable {
  case uppercase, lowercase, digit, symbol

  init(_ character: Character) {
    guard let ascii = character.asciiValue else {
      self = .symbol
      return
    }
    switch ascii {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .uppercase
    case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lowercase
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
    default: self = .symbol
    }
  }
}
