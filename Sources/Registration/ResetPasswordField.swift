/// The fields of the Reset password form, in order.
public enum ResetPasswordField: String, CaseIterable, Hashable, Sendable, NewPasswordFormField {
  case login, code, newPassword, confirmation

  /// What it is called on the form and in the dialogue.
  public func label(_ strings: Strings) -> String {
    switch self {
    case .login: strings.loginLabel
    case .code: strings.resetCodeLabel
    case .newPassword: strings.newPasswordLabel
    case .confirmation: strings.confirmNewPasswordLabel
    }
  }

  /// What proves the person: the one-time code.
  public static var proof: Self { .code }

  /// Its longest value: a login's, or a password's (the code is checked as one).
  public var limit: FieldLimit { self == .login ? .login : .password }

  /// Whether it is typed without echo: the code is as secret as a password until used.
  public var isSecret: Bool { self != .login }

  /// The Sign up field whose rows it shows: the new password has the password's rows.
  public var rowsField: RegistrationField? {
    switch self {
    case .login, .code: nil
    case .newPassword: .password
    case .confirmation: .confirmation
    }
  }
}
