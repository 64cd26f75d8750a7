import CPwquality
import Registration

/// The host's password policy through libpwquality, which `passwd` and `pam_pwquality`
/// use: its settings from `/etc/security/pwquality.conf` (or another file), its checks,
/// and cracklib's dictionary.
///
/// The library is loaded when the first policy is made (`dlopen`: the release binary is
/// fully static). A check costs about 1.5 ms (cracklib opens its dictionary every time),
/// so the form makes it on a worker thread; calls take turns (in CPwquality), as cracklib
/// is not reentrant. The password goes to the library in memory only, in a copy that is wiped
/// after the call; refusals are mapped to our own words, never shown as the library
/// words them.
public final class HostPasswordPolicy: PasswordPolicy {
  public let rules: PasswordRules
  /// Used only through CPwquality, whose calls take turns.
  nonisolated(unsafe) private let settings: OpaquePointer
  /// cracklib's refusals as the library words them (translated or not), to ours.
  private let cracklibRefusals: [String: PasswordRefusal]

  /// Reads the policy from `path`, or from the system's file when nil (a system without
  /// one gets libpwquality's defaults).
  public init(configuration path: String?) throws(PasswordPolicyError) {
    var reason = [CChar](repeating: 0, count: 256)
    guard cpwq_load(&reason, reason.count) == 0 else {
      throw .libraryMissing(
        String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }
    var status: Int32 = 0
    var setting = [CChar](repeating: 0, count: 128)
    guard let settings = cpwq_read_settings(path, &status, &setting, setting.count) else {
      let name = String(decoding: setting.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      throw switch status {
      case PWQ_ERROR_CFGFILE_OPEN: .unreadable
      case PWQ_ERROR_CFGFILE_MALFORMED: .malformed
      case PWQ_ERROR_UNKNOWN_SETTING, PWQ_ERROR_NON_INT_SETTING, PWQ_ERROR_NON_STR_SETTING:
        .unknownSetting(name)
      case PWQ_ERROR_INTEGER: .badValue(name)
      default: .failed(status)
      }
    }
    func value(_ which: Int32) -> Int {
      var value: Int32 = 0
      return cpwq_get_int_value(settings, which, &value) == 0 ? Int(value) : 0
    }
    /// A negative credit is a minimum count of that kind.
    func minimum(_ credit: Int32) -> Int { max(0, -value(credit)) }
    rules = PasswordRules(
      minimumLength: value(PWQ_SETTING_MIN_LENGTH),
      minimumUppercase: minimum(PWQ_SETTING_UP_CREDIT),
      minimumLowercase: minimum(PWQ_SETTING_LOW_CREDIT),
      minimumDigits: minimum(PWQ_SETTING_DIG_CREDIT),
      minimumSymbols: minimum(PWQ_SETTING_OTH_CREDIT),
      minimumKinds: value(PWQ_SETTING_MIN_CLASS))
    self.settings = settings
    var refusals: [String: PasswordRefusal] = [:]
    for (message, refusal) in PwqualityAnswer.cracklibMessages {
      refusals[message] = refusal
      // Without a translation the answer is the very text given: read it while it lives.
      refusals[message.withCString { String(cString: cpwq_cracklib_text($0)) }] = refusal
    }
    cracklibRefusals = refusals
  }

  deinit {
    cpwq_free_settings(settings)
  }

  public func check(password: String, login: String) -> PasswordVerdict {
    let (code, message) = withWipedCString(password) { password in
      login.withCString { user in
        var message: UnsafePointer<CChar>?
        let code = cpwq_check(settings, password, user, &message)
        return (code, message.map { String(cString: $0) })
      }
    }
    if code >= 0 { return .accepted }
    let cracklib = message.map { cracklibRefusals[$0] ?? .other }
    return .refused(
      cracklib ?? PwqualityAnswer.refusal(code: code, password: password, login: login))
  }
}
