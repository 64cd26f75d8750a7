import Observation

/// Whether one requirement is met now. Observable on its own, so the row that shows it
/// redraws only when this requirement's answer changes.
@Observable
public final class RequirementStatus: Identifiable {
  public enum State: Hashable, Sendable {
    case unmet, met
    /// The answer is being looked up (the login's availability, the password policy).
    case checking
  }

  public let requirement: Requirement
  public internal(set) var state: State
  /// Why the requirement is unmet, when its own text does not say it (the login looks
  /// like an existing one, the password policy's reason); shown in place of the text.
  public internal(set) var note: String?
  /// What the row offers after its text, given its answer (a taken login: sign in instead).
  public internal(set) var offer: RequirementOffer?

  public var id: String { requirement.id }
  public var field: RegistrationField { requirement.field }
  public var text: String { note ?? requirement.text }
  public var isMet: Bool { state == .met }
  /// Whether the row is an error as soon as its answer says why it is unmet (the store's
  /// answers), before the person has left the field.
  public var reasonIsError: Bool { requirement.remoteCheck?.reasonIsError == true && note != nil }

  /// What the row says now: its text (or note), or what is being checked.
  public var displayText: String {
    state == .checking ? requirement.checkingText ?? text : text
  }

  init(_ requirement: Requirement, state: State) {
    self.requirement = requirement
    self.state = state
  }

  /// Stores a new answer only if it differs, so observers hear only of real changes.
  func update(
    _ newState: State, note newNote: String? = nil, offer newOffer: RequirementOffer? = nil
  ) {
    assign(newState, to: \.state)
    assign(newNote, to: \.note)
    assign(newOffer, to: \.offer)
  }
}

/// A way out a row may offer beside its answer.
public enum RequirementOffer: Hashable, Sendable {
  /// The login is someone's account: sign in with it instead.
  case signInInstead

  /// The offer's words.
  public func title(_ strings: Strings) -> String {
    switch self {
    case .signInInstead: strings.signInInstead
    }
  }
}
