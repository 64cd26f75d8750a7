import CPwquality
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// The host's password policy through libpwquality, which `passwd` and `pam_pwquality`
/// use: its settings from `/etc/security/pwquality.conf` (or another file), its checks,
/// and cracklib's dictionary.
///
/// libpwquality runs in a checker process of its own (see CPwquality): the release binary
/// is fully static and Debian has no static libpwquality. A check costs about 1.5 ms
/// (cracklib opens its dictionary every time), so the form makes it on a worker thread;
/// checks take turns. The password reaches the checker over a socket, in memory only,
/// from a copy that is wiped after the call; refusals are mapped to our own words, never
/// shown as the library words them.
public final class HostPasswordPolicy: PasswordPolicy {
  public let rules: PasswordRules
  /// Used only through CPwquality, whose calls take turns.
  nonisolated(unsafe) private let checker: OpaquePointer

  /// Starts the checker on the policy in `path`, or the system's file when nil (a system
  /// without one gets libpwquality's defaults), and returns what waits for it. Call it
  /// before the program starts threads; the wait can come later (the checker loads the
  /// library meanwhile).
  public static func start(configuration path: String?)
    -> () throws(PasswordPolicyError) -> HostPasswordPolicy
  {
    let checker = cpwq_start(path)
    let reason = checker == nil ? String(cString: strerror(errno)) : ""
    return { () throws(PasswordPolicyError) in
      guard let checker else { throw .cannotStart(reason) }
      return try HostPasswordPolicy(checker: checker)
    }
  }

  /// Starts the checker and waits for it.
  public convenience init(configuration path: String?) throws(PasswordPolicyError) {
    guard let checker = cpwq_start(path) else {
      throw .cannotStart(String(cString: strerror(errno)))
    }
    try self.init(checker: checker)
  }

  private init(checker: OpaquePointer) throws(PasswordPolicyError) {
    var settings = [Int32](repeating: 0, count: Int(CPWQ_SETTINGS))
    var detail = [CChar](repeating: 0, count: 256)
    let status = cpwq_ready(checker, &settings, &detail, detail.count)
    guard status == 0 else {
      cpwq_stop(checker)
      let detail = String(decoding: detail.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      throw Self.error(status, detail: detail)
    }
    /// A negative credit is a minimum count of that kind.
    func minimum(_ credit: Int32) -> Int { max(0, -Int(settings[Int(credit)])) }
    rules = PasswordRules(
      minimumLength: Int(settings[Int(CPWQ_MIN_LENGTH)]),
      minimumUppercase: minimum(Int32(CPWQ_UP_CREDIT)),
      minimumLowercase: minimum(Int32(CPWQ_LOW_CREDIT)),
      minimumDigits: minimum(Int32(CPWQ_DIG_CREDIT)),
      minimumSymbols: minimum(Int32(CPWQ_OTH_CREDIT)),
      minimumKinds: Int(settings[Int(CPWQ_MIN_CLASS)]))
    self.checker = checker
  }

  deinit {
    cpwq_stop(checker)
  }

  /// The checker process (it ends with this policy).
  public var checkerProcess: Int32 { cpwq_pid(checker) }

  public func check(password: String, login: String) -> PasswordVerdict {
    var message = [CChar](repeating: 0, count: 256)
    let code = withWipedCString(password) { password in
      login.withCString { user in
        cpwq_check(checker, password, strlen(password), user, strlen(user), &message, message.count)
      }
    }
    if code >= 0 { return .accepted }
    if code == PWQ_ERROR_CRACKLIB_CHECK {
      let text = String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      return .refused(PwqualityAnswer.cracklibRefusal(text))
    }
    return .refused(PwqualityAnswer.refusal(code: code, password: password, login: login))
  }

  private static func error(_ status: Int32, detail: String) -> PasswordPolicyError {
    switch status {
    case CPWQ_LIBRARY_MISSING: .libraryMissing(detail)
    case CPWQ_CHECKER_GONE: .cannotStart(detail)
    case PWQ_ERROR_CFGFILE_OPEN: .unreadable
    case PWQ_ERROR_CFGFILE_MALFORMED: .malformed
    case PWQ_ERROR_UNKNOWN_SETTING, PWQ_ERROR_NON_INT_SETTING, PWQ_ERROR_NON_STR_SETTING:
      .unknownSetting(detail)
    case PWQ_ERROR_INTEGER: .badValue(detail)
    default: .failed(status)
    }
  }
}
