import Observation

/// Whether one requirement is met now. Observable on its own, so the row that shows it
/// redraws only when this requirement's answer changes.
@Observable
public final class RequirementStatus: Identifiable {
  public enum State: Hashable, Sendable {
    case unmet, met
    /// The answer is being looked up (the login's availability).
    case checking
  }

  public let requirement: Requirement
  public internal(set) var state: State
  /// Why it is unmet, when an answer says more than the rule's text ("This login is
  /// taken"); nil otherwise. Shown instead of the text, as an error.
  public internal(set) var reason: String?

  public var id: String { requirement.id }
  public var field: RegistrationField { requirement.field }
  public var text: String { requirement.text }
  public var isMet: Bool { state == .met }

  init(_ requirement: Requirement, state: State) {
    self.requirement = requirement
    self.state = state
  }

  /// Stores a new answer only if it differs, so observers hear only of real changes.
  func update(_ newState: State, reason newReason: String? = nil) {
    if state != newState { state = newState }
    if reason != newReason { reason = newReason }
  }
}
