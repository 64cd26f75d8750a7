import PasswordPolicy
import Registration

/// The password policy `--password-policy` asks for (nil: `off`), or the message that
/// says why it cannot be used.
func loadPasswordPolicy(_ choice: Options.PasswordPolicyChoice, strings: Strings) -> Result<
  (any Registration.PasswordPolicy)?, PasswordPolicyFailure
> {
  let path: String?
  switch choice {
  case .off: return .success(nil)
  case .system: path = nil
  case .file(let file): path = file
  }
  do {
    return .success(try HostPasswordPolicy(configuration: path))
  } catch {
    let file = path ?? "/etc/security/pwquality.conf"
    let message =
      switch error {
      case .libraryMissing(let reason): strings.cannotLoadPasswordPolicy(reason)
      case .unreadable: strings.cannotUsePasswordPolicy(file, strings.policyFileUnreadable)
      case .malformed: strings.cannotUsePasswordPolicy(file, strings.policyFileMalformed)
      case .unknownSetting(let name):
        strings.cannotUsePasswordPolicy(file, strings.policyUnknownSetting(name))
      case .badValue(let name): strings.cannotUsePasswordPolicy(file, strings.policyBadValue(name))
      case .failed(let code): strings.cannotUsePasswordPolicy(file, "libpwquality error \(code)")
      }
    return .failure(PasswordPolicyFailure(message: message))
  }
}

/// Why the password policy cannot be used, in words for stderr.
struct PasswordPolicyFailure: Error {
  let message: String
}
