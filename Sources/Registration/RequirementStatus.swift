import Observation

/// Whether one requirement is met now. Observable on its own, so the row that shows it
/// redraws only when this requirement's answer changes.
@Observable
public final class RequirementStatus: Identifiable {
  public let requirement: Requirement
  public internal(set) var isMet: Bool

  public var id: String { requirement.id }
  public var field: RegistrationField { requirement.field }
  public var text: String { requirement.text }

  init(_ requirement: Requirement, isMet: Bool) {
    self.requirement = requirement
    self.isMet = isMet
  }

  /// Stores a new answer only if it differs, so observers hear only of real changes.
  func update(_ newValue: Bool) {
    if isMet != newValue { isMet = newValue }
  }
}
