import PasswordQuality
import Registration

/// Starts the password policy `--password-policy` asks for, and returns what waits for
/// it: the policy (nil for `off`), or the message that says why it cannot be used. Called
/// before any thread starts: the policy's checker is a process forked from this one.
func startPasswordPolicy(_ choice: Options.PasswordPolicyChoice, strings: Strings)
  -> () -> Result<(any PasswordPolicy)?, PasswordPolicyFailure>
{
  let path: String?
  switch choice {
  case .off: return { .success(nil) }
  case .system: path = nil
  case .file(let file): path = file
  }
  let ready = HostPasswordPolicy.start(configuration: path)
  return {
    do throws(PasswordPolicyError) {
      return .success(try ready())
    } catch {
      return .failure(PasswordPolicyFailure(error, path: path, strings: strings))
    }
  }
}

/// Why the password policy cannot be used, in words for stderr.
struct PasswordPolicyFailure: Error {
  let message: String

  init(_ error: PasswordPolicyError, path: String?, strings: Strings) {
    let file = path ?? "/etc/security/pwquality.conf"
    message =
      switch error {
      case .libraryMissing(let reason), .cannotStart(let reason):
        strings.cannotLoadPasswordPolicy(reason)
      case .unreadable: strings.cannotUsePasswordPolicy(file, strings.policyFileUnreadable)
      case .malformed: strings.cannotUsePasswordPolicy(file, strings.policyFileMalformed)
      case .unknownSetting(let name):
        strings.cannotUsePasswordPolicy(file, strings.policyUnknownSetting(name))
      case .badValue(let name): strings.cannotUsePasswordPolicy(file, strings.policyBadValue(name))
      case .failed(let code): strings.cannotUsePasswordPolicy(file, "libpwquality error \(code)")
      }
  }
}
