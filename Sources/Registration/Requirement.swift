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
  public let id: String
  /// The field the row sits under.
  public let field: RegistrationField
  public let text: String
  private let predicate: @Sendable (RegistrationInput) -> Bool

  public init(
    id: String, field: RegistrationField, text: String,
    isMet predicate: @escaping @Sendable (RegistrationInput) -> Bool
  ) {
    self.id = id
    self.field = field
    self.text = text
    self.predicate = predicate
  }

  public func isMet(by input: RegistrationInput) -> Bool { predicate(input) }
}

extension Requirement {
  /// Lengths count graphemes, as a person counts characters: `👍🏽` is one.
  public static func loginLength(_ strings: Strings = .english) -> Requirement {
    Requirement(id: "login.length", field: .login, text: strings.loginLength) {
      $0.login.count >= 4
    }
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

  /// The rules of the sign-up form, in the order their rows are shown.
  public static func signUp(_ strings: Strings = .english) -> [Requirement] {
    [
      loginLength(strings), passwordLength(strings), passwordUppercase(strings),
      confirmationMatches(strings),
    ]
  }
}
