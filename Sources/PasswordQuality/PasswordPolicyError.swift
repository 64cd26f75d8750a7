/// Why the host's password policy cannot be used. Never holds a password: the setting
/// names come from the configuration file.
public enum PasswordPolicyError: Error, Hashable, Sendable {
  /// libpwquality could not be loaded; the system's reason.
  case libraryMissing(String)
  /// The checker process could not be started, or did not answer; the reason.
  case cannotStart(String)
  /// The configuration file cannot be opened.
  case unreadable
  /// A line of the file is too long.
  case malformed
  case unknownSetting(String)
  /// A setting that takes a number was given something else.
  case badValue(String)
  /// Anything else libpwquality reported (its PWQ_ERROR_* number).
  case failed(Int32)
}
