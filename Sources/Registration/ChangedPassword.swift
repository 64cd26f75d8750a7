/// A password changed: what the program prints after Change password. The password is not
/// here, only its new hash.
public struct ChangedPassword: Hashable, Sendable {
  /// The login as it was registered (the user may have typed it in another case).
  public let login: String
  /// crypt(3) yescrypt, `$y$...`: can be handed to `usermod -p`.
  public let passwordHash: String
  /// ISO 8601 in UTC.
  public let changedAt: String

  public init(login: String, passwordHash: String, changedAt: String) {
    self.login = login
    self.passwordHash = passwordHash
    self.changedAt = changedAt
  }
}

/// The fields of the Change password form, in order.
public enum ChangePasswordField: String, CaseIterable, Hashable, Sendable, NewPasswordFormField {
  case login, currentPassword, newPassword, confirmation

  /// What it is called on the form and in the dialogue.
  public func label(_ strings: Strings) -> String {
    switch self {
    case .login: strings.loginLabel
    case .currentPassword: strings.currentPasswordLabel
    case .newPassword: strings.newPasswordLabel
    case .confirmation: strings.confirmNewPasswordLabel
    }
  }

  /// What proves the person: the current password.
  public static var proof: Self { .currentPassword }

  /// Its longest value: a login's, or a password's.
  public var limit: FieldLimit { self == .login ? .login : .password }

  /// The Sign up field whose rows it shows: the new password has the password's rows.
  public var rowsField: RegistrationField? {
    switch self {
    case .login, .currentPassword: nil
    case .newPassword: .password
    case .confirmation: .confirmation
    }
  }
}
