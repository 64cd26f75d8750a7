// Requirement checking: which rows are met, which fields show errors, whether the form
// can be submitted.

extension RegistrationViewModel {
  public func requirements(for field: RegistrationField) -> [RequirementStatus] {
    requirementsByField[field] ?? []
  }

  /// Whether `field` shows its error state, and its unmet rows as errors: a requirement is
  /// unmet (a row still being checked is not an error), and the user has left the field or
  /// tried to submit; never while typing in it the first time.
  public func showsError(for field: RegistrationField) -> Bool {
    (hasAttemptedSubmit || visitedFields.contains(field))
      && requirements(for: field).contains { $0.state == .unmet }
  }

  /// The first field, in form order, with a requirement not met.
  public var firstFieldWithUnmetRequirement: RegistrationField? {
    RegistrationField.allCases.first { field in requirements(for: field).contains { !$0.isMet } }
  }

  /// True when every requirement is met or still being checked, and no account is being
  /// created: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool {
    !isCreating && requirements.allSatisfy { $0.state != .unmet }
  }

  /// Records that the user moved away from `field`.
  public func leave(_ field: RegistrationField) {
    if !visitedFields.contains(field) { visitedFields.insert(field) }
  }

  func revalidate() {
    let problem = login.isEmpty ? nil : policy.validate(login)
    if loginProblem != problem { loginProblem = problem }
    let input = input
    for status in requirements {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
    updateCanSubmit()
  }

  func updateCanSubmit() {
    let all = requirements.allSatisfy(\.isMet) && !isCreating
    if canSubmit != all { canSubmit = all }
  }
}
