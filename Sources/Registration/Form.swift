import Observation

/// How far a form's submission has gone. One value, so that a form is never both creating
/// an account and waiting for a check, nor failed and still editing.
public enum SubmissionPhase: Hashable, Sendable {
  /// The person types; nothing is under way.
  case editing
  /// Submitted while a slow check was still answering: goes on when the last one answers.
  case waitingForChecks
  /// The store has been asked (to create, to sign in, to change the password).
  case submitting
  /// The store did it: the session is over.
  case done
  /// The store did it, but what followed failed (handing an account on): the session is over.
  case failed
}

/// What submitting a form leads to.
public enum Submission<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Every requirement is met: the store is being asked.
  case started
  /// Something is unmet: the form should go to this field.
  case rejected(firstUnmet: Field)
  /// Everything else is met and a slow check is still answering: the form goes on when it
  /// has answered (or says where to go).
  case waiting
  /// The store is already being asked, or the session is over.
  case busy
}

/// How one field stands, as its form judges it.
public enum FieldStanding: Hashable, Sendable {
  case met
  /// A slow check is still answering; nothing else is wrong.
  case checking
  case unmet
}

/// What every form has, whatever its fields mean: their inputs within their limits, the
/// field whose last value was refused, the fields left once, whether submitting was tried,
/// the submission's phase and the message about the form as a whole. Its forms (Sign up,
/// Sign in, Change password) judge their own fields; "ready", "can submit" and "the first
/// unmet field" are decided here, from that judgement, once.
///
/// What it holds is observable, in objects that are not generic: a key path into a generic
/// class is made anew at every use, and every read and write of an observable property
/// uses one (that cost 0.1 ms of CPU a key). Fields are kept by their position.
public final class Form<Field: CaseIterable & Hashable & Sendable> {
  private let state = FormState()
  private let fields: [Field]
  private let inputs: [FormInput]
  private let limits: (Field) -> FieldLimit

  init(limits: @escaping (Field) -> FieldLimit) {
    self.limits = limits
    fields = Array(Field.allCases)
    inputs = fields.map { _ in FormInput() }
  }

  /// The field whose last value was refused for being longer than its `FieldLimit` allows
  /// (it kept the value it had), until it takes one.
  public var refusedField: Field? { state.refused.map { fields[$0] } }
  /// Fields the person has left at least once: their unmet rows may now show as errors.
  public var visitedFields: Set<Field> { Set(state.visited.map { fields[$0] }) }
  /// True once the person has tried to submit.
  public var hasAttemptedSubmit: Bool { state.hasAttemptedSubmit }
  public var phase: SubmissionPhase { state.phase }
  /// About the form as a whole: why the last attempt failed. Cleared when the person types.
  public var message: String? { state.message }
  /// Every field is met and nothing is under way.
  public var canSubmit: Bool { state.canSubmit }

  private func position(of field: Field) -> Int {
    fields.firstIndex(of: field)!
  }

  // MARK: Inputs

  public subscript(field: Field) -> String { inputs[position(of: field)].text }

  /// Takes `value` for `field` if its limit allows it (true); otherwise keeps what it had and
  /// records the refusal (false).
  @discardableResult
  func take(_ value: String, for field: Field) -> Bool {
    let allowed = limits(field).allows(value)
    let position = position(of: field)
    let refused = state.refused
    state.assign(allowed ? (refused == position ? nil : refused) : position, to: \.refused)
    if allowed { inputs[position].text = value }
    return allowed
  }

  /// Records that the person moved away from `field`.
  func leave(_ field: Field) {
    let position = position(of: field)
    if !state.visited.contains(position) { state.visited.insert(position) }
    if !inputs[position].showsErrors { inputs[position].showsErrors = true }
  }

  /// Whether `field` shows as an error: the person has left it or tried to submit (never
  /// while typing in it the first time), and it is `wrong` (a check still answering is
  /// not). Asked in that order: a view drawing it then watches what is wrong only once it
  /// may show, and no more of it than decides (a redraw for each row otherwise).
  func showsError(for field: Field, wrong: () -> Bool) -> Bool {
    inputs[position(of: field)].showsErrors && wrong()
  }

  // MARK: Deciding

  /// Whether no store request is under way and the session goes on.
  public var isOpen: Bool { phase == .editing || phase == .waitingForChecks }

  /// Every field met or still being checked, and nothing under way: submitting goes ahead,
  /// at once or when the check answers.
  func isReady(_ standing: (Field) -> FieldStanding) -> Bool {
    isOpen && fields.allSatisfy { standing($0) != .unmet }
  }

  /// The first field, in form order, that is unmet; else the first still being checked.
  func firstUnmet(_ standing: (Field) -> FieldStanding) -> Field? {
    fields.first { standing($0) == .unmet } ?? fields.first { standing($0) != .met }
  }

  /// Decides `canSubmit` again (it changes, and notifies, only when its value does).
  func refresh(_ standing: (Field) -> FieldStanding) {
    state.assign(isOpen && fields.allSatisfy { standing($0) == .met }, to: \.canSubmit)
  }

  // MARK: Transitions

  /// What was typed changed: an old message is stale (not while the store is asked, it is
  /// about to be replaced), and a submission that waited is called off (it was for other
  /// input).
  func inputChanged() {
    if phase != .submitting { state.assign(nil, to: \.message) }
    stopWaiting()
  }

  /// Submitting: `.started` moves to `.submitting` (the caller asks the store), `.waiting`
  /// to `.waitingForChecks` (the caller asks the checks now); `.rejected` shows errors from
  /// now on.
  func submit(_ standing: (Field) -> FieldStanding) -> Submission<Field> {
    guard isOpen else { return .busy }
    // Each field judged once: a judgement reads all of its rows.
    let standings = fields.map(standing)
    if standings.allSatisfy({ $0 == .met }) {
      state.phase = .submitting
      state.assign(nil, to: \.message)
      // Not open any more: nothing can be submitted until the store answers.
      state.assign(false, to: \.canSubmit)
      return .started
    }
    if !standings.contains(.unmet) {
      state.assign(.waitingForChecks, to: \.phase)
      return .waiting
    }
    state.assign(true, to: \.hasAttemptedSubmit)
    for input in inputs where !input.showsErrors { input.showsErrors = true }
    let first = standings.firstIndex(of: .unmet) ?? standings.firstIndex { $0 != .met }
    return .rejected(firstUnmet: fields[first ?? 0])
  }

  /// Whether a submission that waited may go on: it waited and no check is left answering.
  /// The caller then submits again.
  func checksAnswered(_ standing: (Field) -> FieldStanding) -> Bool {
    guard phase == .waitingForChecks, !fields.contains(where: { standing($0) == .checking })
    else { return false }
    state.phase = .editing
    return true
  }

  /// A submission that waited waits no more (a check failed, the form was hidden).
  func stopWaiting() {
    if phase == .waitingForChecks { state.phase = .editing }
  }

  /// The store answered: `phase` is `.done`, `.failed`, or `.editing` again (with why, in
  /// `message`, when it did not do it).
  func finish(
    _ phase: SubmissionPhase, message: String? = nil, _ standing: (Field) -> FieldStanding
  ) {
    state.phase = phase
    state.assign(message, to: \.message)
    refresh(standing)
  }

  /// A message about the form that came from elsewhere than a submission (a check failed).
  func say(_ message: String?) {
    state.assign(message, to: \.message)
  }
}

/// What a form holds that its views watch, fields by position.
@Observable
final class FormState {
  var refused: Int?
  var visited: Set<Int> = []
  var hasAttemptedSubmit = false
  var phase = SubmissionPhase.editing
  var message: String?
  var canSubmit = false
}

/// One field's text, and whether it shows its errors (it was left once, or submitting was
/// tried): observable on their own, so that what shows one field redraws only when that
/// field changes, not when the person leaves another.
@Observable
final class FormInput {
  var text = ""
  var showsErrors = false
}
