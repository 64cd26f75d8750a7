import Registration
import Synchronization

/// A password policy for tests: refuses what is shorter than its rules ask, what holds
/// the login, and a few dictionary words; or says whatever `verdict` says. Records every
/// question it is asked.
public final class FakePasswordPolicy: PasswordPolicy {
  public struct Question: Hashable, Sendable {
    public let password: String
    public let login: String

    public init(password: String, login: String) {
      self.password = password
      self.login = login
    }
  }

  public let rules: PasswordRules
  private let verdict: @Sendable (_ password: String, _ login: String) -> PasswordVerdict
  private let asked = Mutex<[Question]>([])

  public init(
    rules: PasswordRules = PasswordRules(),
    verdict: (@Sendable (_ password: String, _ login: String) -> PasswordVerdict)? = nil
  ) {
    self.rules = rules
    self.verdict = verdict ?? { FakePasswordPolicy.typical($0, $1, rules) }
  }

  /// Every question asked, in order.
  public var questions: [Question] { asked.withLock { $0 } }

  public func check(password: String, login: String) -> PasswordVerdict {
    asked.withLock { $0.append(Question(password: password, login: login)) }
    return verdict(password, login)
  }

  static func typical(_ password: String, _ login: String, _ rules: PasswordRules)
    -> PasswordVerdict
  {
    let lowered = password.lowercased()
    if password.count < rules.minimumLength { return .refused(.tooShort) }
    if !login.isEmpty && lowered.contains(login.lowercased()) { return .refused(.containsLogin) }
    if ["password1", "secret123", "qwertyuiop"].contains(lowered) {
      return .refused(.dictionaryWord)
    }
    return .accepted
  }
}

/// A strength estimator for tests: known passwords at known strengths, anything else fair.
public struct FakeStrengthEstimator: StrengthEstimator {
  public static let known: [String: PasswordStrength] = [
    "Password1": .veryWeak, "Secret123": .weak, "Zq7vLm2pR": .strong,
  ]

  public init() {}

  public func strength(of password: String, login: String) -> PasswordStrength {
    Self.known[password] ?? .fair
  }
}
