import Observation

/// The sign-up form without a screen: what was typed, which requirements it meets, and
/// whether it can be submitted.
///
/// Every change of an input re-checks every requirement; outputs change (and notify their
/// observers) only when their value does. Knows nothing of terminals or storage, so a
/// test, the full-screen form and a line-by-line front end can all drive it.
@Observable
public final class RegistrationViewModel {
  public var login = "" { didSet { revalidate() } }
  public var password = "" { didSet { revalidate() } }
  public var confirmation = "" { didSet { revalidate() } }

  /// Every requirement with its current answer, in display order.
  public let requirements: [RequirementStatus]
  /// True when every requirement is met.
  public private(set) var canSubmit = false
  /// Fields the user has left at least once: their unmet rows may now show as errors.
  public private(set) var visitedFields: Set<RegistrationField> = []
  /// True once the user has tried to submit.
  public private(set) var hasAttemptedSubmit = false

  public init(requirements: [Requirement] = Requirement.signUp()) {
    let input = RegistrationInput()
    self.requirements = requirements.map { RequirementStatus($0, isMet: $0.isMet(by: input)) }
    revalidate()
  }

  public var input: RegistrationInput {
    RegistrationInput(login: login, password: password, confirmation: confirmation)
  }

  public func requirements(for field: RegistrationField) -> [RequirementStatus] {
    requirements.filter { $0.field == field }
  }

  /// Whether `field`'s unmet requirements show as errors: only after the user has left the
  /// field or tried to submit, never while typing in it the first time.
  public func showsError(for field: RegistrationField) -> Bool {
    (hasAttemptedSubmit || visitedFields.contains(field))
      && requirements(for: field).contains { !$0.isMet }
  }

  /// The first field, in form order, with a requirement not met.
  public var firstFieldWithUnmetRequirement: RegistrationField? {
    RegistrationField.allCases.first { field in requirements(for: field).contains { !$0.isMet } }
  }

  /// Records that the user moved away from `field`.
  public func leave(_ field: RegistrationField) {
    if !visitedFields.contains(field) { visitedFields.insert(field) }
  }

  /// What submitting leads to.
  public enum Submission: Hashable, Sendable {
    /// Every requirement is met: the account may be created for this login.
    case accepted(login: String)
    /// Something is unmet: the form should go to this field.
    case rejected(firstUnmet: RegistrationField)
  }

  /// Tries to submit: accepted when every requirement is met; otherwise errors now show.
  public func submit() -> Submission {
    if canSubmit { return .accepted(login: login) }
    if !hasAttemptedSubmit { hasAttemptedSubmit = true }
    return .rejected(firstUnmet: firstFieldWithUnmetRequirement ?? .login)
  }

  private func revalidate() {
    let input = input
    for status in requirements { status.update(status.requirement.isMet(by: input)) }
    let all = requirements.allSatisfy(\.isMet)
    if canSubmit != all { canSubmit = all }
  }
}
