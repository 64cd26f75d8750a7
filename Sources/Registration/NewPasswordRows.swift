/// The rows of a password being chosen, and its strength: Sign up's password rows (length,
/// uppercase, what the host's policy counts, "Hard to guess" asked of the policy after a
/// pause) and "Matches the password" under the confirmation. A form that lets someone choose
/// a password holds one, so that every such form asks the same.
final class NewPasswordRows {
  /// The rows, password first, then confirmation.
  let statuses: [RequirementStatus]
  /// "Hard to guess", when there is a password policy.
  private let policyCheck: PasswordPolicyCheck?
  private let estimator: (any StrengthEstimator)?

  /// Sign up's password and confirmation rows, made after `policy`'s settings.
  convenience init(
    strings: Strings, policy: (any PasswordPolicy)?, estimator: (any StrengthEstimator)?,
    scheduler: any Scheduler, delay: Duration
  ) {
    self.init(
      statuses: (Requirement.password(strings, policy: policy?.rules)
        + [Requirement.confirmationMatches(strings)]).map { RequirementStatus($0, state: .unmet) },
      strings: strings, policy: policy, estimator: estimator, scheduler: scheduler, delay: delay)
  }

  /// Rows already made (a form given its own requirements): the policy answers the
  /// `.passwordPolicy` row among them, if there is one.
  init(
    statuses: [RequirementStatus], strings: Strings, policy: (any PasswordPolicy)?,
    estimator: (any StrengthEstimator)?, scheduler: any Scheduler, delay: Duration
  ) {
    self.statuses = statuses
    self.estimator = estimator
    let policyRow = statuses.first {
      if case .passwordPolicy = $0.requirement.check { true } else { false }
    }
    policyCheck = policy.flatMap { policy in
      policyRow.map {
        PasswordPolicyCheck(
          status: $0, policy: policy, scheduler: scheduler, strings: strings, delay: delay,
          answered: {})
      }
    }
  }

  /// Called when the policy's answer changed a row (set once the form exists).
  var answered: () -> Void {
    get { policyCheck?.answered ?? {} }
    set { policyCheck?.answered = newValue }
  }

  /// Whether there is a strength to show.
  var estimatesStrength: Bool { estimator != nil }

  /// True while an answer is awaited (the policy's).
  var isChecking: Bool { statuses.contains { $0.state == .checking } }

  /// The rows of `field` (`.password` or `.confirmation`).
  func statuses(for field: RegistrationField) -> [RequirementStatus] {
    statuses.filter { $0.field == field }
  }

  /// Re-decides the rows decided at once (every row but the policy's).
  func revalidate(_ input: RegistrationInput) {
    for status in statuses {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
  }

  /// The password or the login changed: the policy is asked again after a pause; the
  /// strength, estimated at once, is returned (nil with no estimator or no password).
  func passwordChanged(password: String, login: String) -> PasswordStrength? {
    policyCheck?.update(password: password, login: login)
    return password.isEmpty ? nil : estimator?.strength(of: password, login: login)
  }

  /// The person has finished typing: a pause still running is cut short.
  func askNow() { policyCheck?.askNow() }

  /// The form shows again: a pause cut short starts over.
  func resume() { policyCheck?.resume() }

  /// The form is hidden: no question waits.
  func cancel() { policyCheck?.cancel() }
}
