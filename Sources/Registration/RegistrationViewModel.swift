import Observation

// The form's state, its inputs and the screen hooks; checking, lookups and submitting are
// in the +Requirements, +Availability and +Submission extensions.

/// The sign-up form without a screen: what was typed, which requirements it meets, whether
/// it can be submitted, and the account it creates.
///
/// Every change of an input re-checks every requirement; outputs change (and notify their
/// observers) only when their value does. "Login is free" asks the account store the way
/// a slow network lookup would be asked: 250 ms after the last keystroke, not again for
/// the same login, and only the answer for the text now in the field is shown. Knows
/// nothing of terminals or storage, so a test, the full-screen form and a line-by-line
/// front end can all drive it.
@Observable
public final class RegistrationViewModel: ScreenModel {
  // The inputs. A value longer than its field's `FieldLimit` is refused: the input keeps
  // what it had and `refusedField` says which (the form's fields stop typing there first).
  public var login: String {
    get { acceptedLogin }
    set { if accepts(newValue, for: .login) { acceptedLogin = newValue } }
  }
  public var password: String {
    get { acceptedPassword }
    set { if accepts(newValue, for: .password) { acceptedPassword = newValue } }
  }
  public var confirmation: String {
    get { acceptedConfirmation }
    set { if accepts(newValue, for: .confirmation) { acceptedConfirmation = newValue } }
  }
  private var acceptedLogin = "" {
    didSet {
      // The rules first: whether the store is asked depends on them.
      inputDidChange()
      updateAvailability()
      updatePassword()
      updateCanSubmit()
    }
  }
  private var acceptedPassword = "" {
    didSet {
      updatePassword()
      inputDidChange()
    }
  }
  private var acceptedConfirmation = "" { didSet { inputDidChange() } }

  /// Every requirement with its current answer, in display order.
  public let requirements: [RequirementStatus]
  /// True when every requirement is met and no account is being created.
  public internal(set) var canSubmit = false
  /// True while the account is being created.
  public internal(set) var isCreating = false
  /// Fields the user has left at least once: their unmet rows may now show as errors.
  public internal(set) var visitedFields: Set<RegistrationField> = []
  /// True once the user has tried to submit.
  public internal(set) var hasAttemptedSubmit = false
  /// A message about the form as a whole: the login was taken meanwhile, the store failed.
  public internal(set) var message: String?
  /// How hard the password is to guess (advisory); nil with no estimator or no password.
  public private(set) var strength: PasswordStrength?
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { passwordRows.estimatesStrength }
  /// True when the store says an account has this login: the form offers to sign in.
  public internal(set) var canSignInInstead = false
  /// True while a submission waits for a check to answer (the login's, the password
  /// policy's).
  public internal(set) var isWaitingToSubmit = false
  /// The rule the login breaks, if it is refused: the form says it under the button.
  public internal(set) var loginProblem: LoginProblem?
  /// Over SSH: the client's address has made as many accounts in 24 hours as
  /// `--max-per-address` allows. Said under the button from the start, and kept.
  public internal(set) var addressLimitNotice: String?
  /// True once the account was stored but handing it on (`--on-create`) failed: the
  /// session ends (exit 4).
  public internal(set) var handOffFailed = false
  /// The field whose last value was refused for being longer than `FieldLimit` allows
  /// (it kept the value it had), until it takes one.
  public private(set) var refusedField: RegistrationField?
  /// Called with the account once it is created.
  @ObservationIgnored public var onCreated: (CreatedAccount) -> Void = { _ in }
  /// Called when a submission that waited for a check is refused by its answer, with the
  /// field to go to.
  @ObservationIgnored public var onSubmissionRejected: (RegistrationField) -> Void = { _ in }
  /// Called when the account could not be handed on (and was taken back).
  @ObservationIgnored public var onHandOffFailed: () -> Void = {}

  /// How long typing must pause before the login is looked up.
  public static let availabilityDelay = Duration.milliseconds(250)
  /// How long typing must pause before the password policy is asked (same as the login).
  public static let passwordCheckDelay = Duration.milliseconds(250)

  /// The requirements of each field, and the one decided by the store.
  @ObservationIgnored let requirementsByField: [RegistrationField: [RequirementStatus]]
  @ObservationIgnored let availability: RequirementStatus?
  @ObservationIgnored let store: any AccountStore
  @ObservationIgnored let policy: any LoginPolicy
  @ObservationIgnored let scheduler: any Scheduler
  @ObservationIgnored let strings: Strings
  @ObservationIgnored let origin: SignUpOrigin?
  @ObservationIgnored var availabilityTimer: (any Cancellable)?
  /// The last login that was looked up (after the pause), and its answer once it came.
  @ObservationIgnored var lookedUp: String?
  @ObservationIgnored var lookedUpAnswer: Availability?
  /// The password's rows, "Hard to guess" asked of the policy, and the strength.
  @ObservationIgnored let passwordRows: NewPasswordRows
  /// The store could not answer the last lookup (a server gone): Sign up asks again.
  @ObservationIgnored var lookUpFailed = false

  /// `policy` says what a login may be and which are reserved; the store compares logins
  /// by the identity it was made with (the same policy, in the program). `passwordPolicy`
  /// adds "Hard to guess" and makes the password rows follow its settings (unless
  /// `requirements` are given); `strengthEstimator` feeds the meter. `origin` (over SSH) is
  /// recorded with the account, and its limit applies.
  public init(
    store: any AccountStore, scheduler: any Scheduler, strings: Strings = .english,
    policy: any LoginPolicy, requirements: [Requirement]? = nil,
    passwordPolicy: (any PasswordPolicy)? = nil, strengthEstimator: (any StrengthEstimator)? = nil,
    origin: SignUpOrigin? = nil
  ) {
    self.store = store
    self.policy = policy
    self.scheduler = scheduler
    self.strings = strings
    self.origin = origin
    let statuses =
      (requirements
      ?? Requirement.signUp(strings, policy: policy, passwordPolicy: passwordPolicy?.rules)).map {
        RequirementStatus($0, state: .unmet)
      }
    self.requirements = statuses
    requirementsByField = Dictionary(grouping: statuses, by: \.field)
    availability = statuses.first {
      if case .loginIsFree = $0.requirement.check { true } else { false }
    }
    passwordRows = NewPasswordRows(
      statuses: statuses.filter { $0.field != .login }, strings: strings, policy: passwordPolicy,
      estimator: strengthEstimator, scheduler: scheduler, delay: Self.passwordCheckDelay)
    revalidate()
    // Set apart: `answered` needs `self`, which exists only now.
    passwordRows.answered = { [weak self] in
      self?.revalidate()
      self?.finishWaitingSubmission()
    }
  }

  public var input: RegistrationInput {
    RegistrationInput(login: login, password: password, confirmation: confirmation)
  }

  // MARK: Screen

  /// Coming back to the form: the store may have changed, so the login is looked up again
  /// (and, over SSH with a limit, the accounts made from the client's address counted).
  public func appear() {
    lookedUp = nil
    lookedUpAnswer = nil
    updateAvailability()
    passwordRows.resume()
    revalidate()
    checkAddressLimit()
  }

  public func disappear() {
    availabilityTimer?.cancel()
    availabilityTimer = nil
    passwordRows.cancel()
    if isWaitingToSubmit { isWaitingToSubmit = false }
  }

  // MARK: Inside

  /// Whether `field` takes `value` (its limit allows it); records a refusal.
  private func accepts(_ value: String, for field: RegistrationField) -> Bool {
    let allowed = FieldLimit.of(field).allows(value)
    let refused = allowed ? (refusedField == field ? nil : refusedField) : field
    if refusedField != refused { refusedField = refused }
    return allowed
  }

  /// Typing makes an old message about the form stale, and calls off a submission that
  /// was waiting for the check (it was for other input).
  private func inputDidChange() {
    if message != nil && !isCreating { message = nil }
    if isWaitingToSubmit { isWaitingToSubmit = false }
    revalidate()
  }

  /// The password or the login changed: the policy is asked again (after a pause) and
  /// the strength estimated at once.
  private func updatePassword() {
    let estimate = passwordRows.passwordChanged(password: password, login: login)
    if strength != estimate { strength = estimate }
  }
}
