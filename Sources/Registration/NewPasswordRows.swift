/// The rows of a password being chosen, and its strength: Sign up's password rows (length,
/// uppercase, what the host's policy counts, "Hard to guess" asked of the policy after a
/// pause) and "Matches the password" under the confirmation. A form that lets someone choose
/// a password holds one, so that every such form asks the same.
final class NewPasswordRows {
  /// What the policy is asked: the password, and the login it must not resemble.
  struct Question: Hashable, Sendable {
    let password: String
    let login: String
  }

  /// How long typing must pause before the password policy is asked (as for the login).
  static let delay = Duration.milliseconds(250)

  /// The rows, password first, then confirmation.
  let statuses: [RequirementStatus]
  /// The same rows by field, grouped once: asked on every key.
  private let statusesByField: [RegistrationField: [RequirementStatus]]
  /// "Hard to guess", when there is a password policy.
  private let policyCheck: DebouncedCheck<Question, PasswordVerdict>?
  private let estimator: (any StrengthEstimator)?

  /// Sign up's password and confirmation rows, made after `policy`'s settings.
  convenience init(
    strings: Strings, policy: (any PasswordPolicy)?, estimator: (any StrengthEstimator)?,
    scheduler: any Scheduler, answered: @escaping () -> Void
  ) {
    self.init(
      statuses: (Requirement.password(strings, policy: policy?.rules)
        + [Requirement.confirmationMatches(strings)]).map { RequirementStatus($0, state: .unmet) },
      strings: strings, policy: policy, estimator: estimator, scheduler: scheduler,
      answered: answered)
  }

  /// Rows already made (a form given its own requirements): the policy answers the
  /// "Hard to guess" row among them, if there is one. `answered` is called when the
  /// policy's answer came, so that the form decides again.
  init(
    statuses: [RequirementStatus], strings: Strings, policy: (any PasswordPolicy)?,
    estimator: (any StrengthEstimator)?, scheduler: any Scheduler,
    answered: @escaping () -> Void
  ) {
    self.statuses = statuses
    statusesByField = Dictionary(grouping: statuses, by: \.field)
    self.estimator = estimator
    let policyRow = statuses.first { $0.requirement.remoteCheck == .passwordPolicy }
    policyCheck = policy.flatMap { policy in
      policyRow.map {
        DebouncedCheck(
          status: $0, scheduler: scheduler, delay: Self.delay,
          ask: { .success(policy.check(password: $0.password, login: $0.login)) },
          verdict: { verdict in
            switch verdict {
            case .accepted: (.met, nil, nil)
            case .refused(let refusal): (.unmet, strings.passwordRefusal(refusal), nil)
            }
          }, answered: { _ in answered() })
      }
    }
  }

  /// Whether there is a strength to show.
  var estimatesStrength: Bool { estimator != nil }

  /// The rows of `field` (`.password` or `.confirmation`).
  func statuses(for field: RegistrationField) -> [RequirementStatus] {
    statusesByField[field] ?? []
  }

  /// Re-decides the rows decided at once (every row but the policy's): of `fields` only,
  /// when only they read what changed (a row reads its own field and those before it: the
  /// confirmation's reads the password), otherwise all of them.
  func revalidate(_ input: RegistrationInput, fields: [RegistrationField]? = nil) {
    for status in fields.map({ $0.flatMap(statuses(for:)) }) ?? statuses {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
  }

  /// The password or the login changed: the policy is asked again after a pause (nothing
  /// to ask about an empty password); the strength, estimated at once, is returned (nil
  /// with no estimator or no password).
  func passwordChanged(password: String, login: String) -> PasswordStrength? {
    policyCheck?.update(password.isEmpty ? nil : Question(password: password, login: login))
    return password.isEmpty ? nil : estimator?.strength(of: password, login: login)
  }

  /// The person has finished typing: a pause still running is cut short.
  func askNow() { policyCheck?.askNow() }

  /// The form shows again: a pause cut short starts over.
  func resume() { policyCheck?.refresh() }

  /// The form is hidden: no question waits.
  func cancel() { policyCheck?.cancel() }
}
