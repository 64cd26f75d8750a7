/// The fields of the sign-up form.
public enum RegistrationField: String, CaseIterable, Hashable, Sendable {
  case login, password, confirmation
}

/// Everything the user has typed into the sign-up form.
public struct RegistrationInput: Hashable, Sendable {
  public var login: String
  public var password: String
  public var confirmation: String

  public init(login: String = "", password: String = "", confirmation: String = "") {
    self.login = login
    self.password = password
    self.confirmation = confirmation
  }
}

/// A rule the input must satisfy, shown as one row under its field. Rules are data, so
/// adding one is one line in `signUp`.
public struct Requirement: Identifiable, Sendable {
  /// How the rule is decided.
  public enum Check: Sendable {
    /// At once, from what was typed.
    case rule(@Sendable (RegistrationInput) -> Bool)
    /// By asking something slow, debounced (a `DebouncedCheck` in the form answers it).
    case remote(RemoteCheck)
  }

  public let id: String
  /// The field the row sits under.
  public let field: RegistrationField
  public let text: String
  public let check: Check
  /// What the row says while its answer is being looked up; nil: its text.
  public let checkingText: String?
  /// Texts the row may show instead of `text` when unmet, saying why: the form is laid
  /// out wide enough for every one.
  public let otherTexts: [String]

  public init(
    id: String, field: RegistrationField, text: String, check: Check, checkingText: String? = nil,
    otherTexts: [String] = []
  ) {
    self.id = id
    self.field = field
    self.text = text
    self.check = check
    self.checkingText = checkingText
    self.otherTexts = otherTexts
  }

  /// Every text the row may show.
  public var texts: [String] { [text] + (checkingText.map { [$0] } ?? []) + otherTexts }

  public init(
    id: String, field: RegistrationField, text: String,
    isMet predicate: @escaping @Sendable (RegistrationInput) -> Bool
  ) {
    self.init(id: id, field: field, text: text, check: .rule(predicate))
  }

  /// The answer for `input`, for rules decided at once; nil for the remote ones.
  public func isMet(by input: RegistrationInput) -> Bool? {
    if case .rule(let predicate) = check { return predicate(input) }
    return nil
  }

  /// The slow check that answers the row, if it is not decided at once.
  public var remoteCheck: RemoteCheck? {
    if case .remote(let check) = check { check } else { nil }
  }
}

/// A slow question a row is answered by. The form finds the row of each check it asks
/// by this name; how the row shows its answer is data here, not a case in the screens.
public struct RemoteCheck: Hashable, Sendable {
  public let name: String
  /// Whether the reason an answer gives ("This login is taken.") is an error at once; else
  /// it speaks for itself while the field is typed (the password policy's).
  public let reasonIsError: Bool

  public init(name: String, reasonIsError: Bool) {
    self.name = name
    self.reasonIsError = reasonIsError
  }

  /// The account store, asked whether the login is free.
  public static let loginIsFree = RemoteCheck(name: "login.free", reasonIsError: true)
  /// The host's password policy, asked whether the password is hard to guess.
  public static let passwordPolicy = RemoteCheck(name: "password.policy", reasonIsError: false)
}

extension Requirement {
  /// Lengths count graphemes, as a person counts characters: `👍🏽` is one.
  public static func loginLength(_ strings: Strings = .english) -> Requirement {
    Requirement(id: "login.length", field: .login, text: strings.loginLength) {
      $0.login.count >= 4
    }
  }

  /// What a login may be (the policy's rule); the message under the button says which
  /// part of it a refused login breaks.
  public static func loginCharacters(_ strings: Strings = .english, policy: any LoginPolicy)
    -> Requirement
  {
    Requirement(
      id: "login.characters", field: .login,
      text: policy.rule == .unixNames ? strings.loginUnixCharacters : strings.loginCharacters
    ) { !$0.login.isEmpty && policy.validate($0.login) == nil }
  }

  /// Asked of the account store, about 250 ms after the last keystroke.
  public static func loginIsFree(_ strings: Strings = .english) -> Requirement {
    Requirement(
      id: "login.free", field: .login, text: strings.loginIsFree, check: .remote(.loginIsFree),
      checkingText: strings.checkingLogin,
      otherTexts: [
        strings.loginLooksTaken, strings.loginReserved, strings.loginSystemName,
        strings.loginTaken + " " + strings.signInInstead,
      ])
  }

  public static func passwordLength(_ strings: Strings = .english) -> Requirement {
    Requirement(id: "password.length", field: .password, text: strings.passwordLength) {
      $0.password.count >= 8
    }
  }

  /// Any uppercase letter of any script: `Ж` and `É` count, not only A to Z.
  public static func passwordUppercase(_ strings: Strings = .english) -> Requirement {
    Requirement(id: "password.uppercase", field: .password, text: strings.passwordUppercase) {
      $0.password.contains(where: \.isUppercase)
    }
  }

  public static func confirmationMatches(_ strings: Strings = .english) -> Requirement {
    Requirement(id: "confirmation.matches", field: .confirmation, text: strings.confirmationMatches)
    {
      !$0.confirmation.isEmpty && $0.confirmation == $0.password
    }
  }

  /// The rules of the sign-up form, in the order their rows are shown. With a password
  /// policy (`rules` not nil), its stricter settings change the password rows and a "Hard
  /// to guess" row asks the policy itself.
  public static func signUp(
    _ strings: Strings = .english, policy: any LoginPolicy,
    passwordPolicy rules: PasswordRules? = nil
  ) -> [Requirement] {
    [loginLength(strings), loginCharacters(strings, policy: policy), loginIsFree(strings)]
      + password(strings, policy: rules) + [confirmationMatches(strings)]
  }
}
