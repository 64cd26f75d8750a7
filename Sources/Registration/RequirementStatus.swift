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
  /// Why an unmet answer is unmet, in words (the password policy's reason); nil when the
  /// requirement's text says it.
  public internal(set) var reason: String?

  public var id: String { requirement.id }
  public var field: RegistrationField { requirement.field }
  public var text: String { requirement.text }
  public var isMet: Bool { state == .met }

  /// What the row says now: its text, what is being checked, or why it is unmet.
  public var displayText: String {
    switch state {
    case .met: text
    case .checking: requirement.checkingText ?? text
    case .unmet: reason ?? text
    }
  }

  init(_ requirement: Requirement, state: State) {
    self.requirement = requirement
    self.state = state
  }

  /// Stores a new answer only if it differs, so observers hear only of real changes.
  func update(_ newState: State) {
    if state != newState { state = newState }
  }

  /// Stores a new answer with its reason (only if either differs).
  func update(_ newState: State, reason newReason: String?) {
    update(newState)
    if reason != newReason { reason = newReason }
  }
}
