import Observation

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
  public var login = "" {
    didSet {
      updateAvailability()
      updatePassword()
      inputDidChange()
    }
  }
  public var password = "" {
    didSet {
      updatePassword()
      inputDidChange()
    }
  }
  public var confirmation = "" { didSet { inputDidChange() } }

  /// Every requirement with its current answer, in display order.
  public let requirements: [RequirementStatus]
  /// True when every requirement is met and no account is being created.
  public private(set) var canSubmit = false
  /// True while the account is being created.
  public private(set) var isCreating = false
  /// Fields the user has left at least once: their unmet rows may now show as errors.
  public private(set) var visitedFields: Set<RegistrationField> = []
  /// True once the user has tried to submit.
  public private(set) var hasAttemptedSubmit = false
  /// A message about the form as a whole: the login was taken meanwhile, the store failed.
  public private(set) var message: String?
  /// How hard the password is to guess (advisory); nil with no estimator or no password.
  public private(set) var strength: PasswordStrength?
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { strengthEstimator != nil }
  /// Called with the account once it is created.
  @ObservationIgnored public var onCreated: (CreatedAccount) -> Void = { _ in }

  /// How long typing must pause before the login is looked up.
  public static let availabilityDelay = Duration.milliseconds(250)
  /// How long typing must pause before the password policy is asked (same as the login).
  public static let passwordCheckDelay = Duration.milliseconds(250)

  /// The requirements of each field, and the one decided by the store.
  @ObservationIgnored private let requirementsByField: [RegistrationField: [RequirementStatus]]
  @ObservationIgnored private let availability: RequirementStatus?
  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings
  @ObservationIgnored private var availabilityTimer: (any Cancellable)?
  /// The last login that was looked up (after the pause), and its answer once it came.
  @ObservationIgnored private var lookedUp: String?
  @ObservationIgnored private var lookedUpIsFree: Bool?
  /// "Hard to guess", when there is a password policy.
  @ObservationIgnored private var passwordCheck: PasswordPolicyCheck?
  @ObservationIgnored private let strengthEstimator: (any StrengthEstimator)?

  /// `passwordPolicy` adds "Hard to guess" and makes the password rows follow its
  /// settings (unless `requirements` are given); `strengthEstimator` feeds the meter.
  public init(
    store: any AccountStore, scheduler: any Scheduler, strings: Strings = .english,
    requirements: [Requirement]? = nil, passwordPolicy: (any PasswordPolicy)? = nil,
    strengthEstimator: (any StrengthEstimator)? = nil
  ) {
    self.store = store
    self.scheduler = scheduler
    self.strings = strings
    self.strengthEstimator = strengthEstimator
    let statuses =
      (requirements ?? Requirement.signUp(strings, passwordPolicy: passwordPolicy?.rules)).map {
        RequirementStatus($0, state: .unmet)
      }
    self.requirements = statuses
    requirementsByField = Dictionary(grouping: statuses, by: \.field)
    availability = statuses.first {
      if case .loginIsFree = $0.requirement.check { true } else { false }
    }
    if let passwordPolicy,
      let status = statuses.first(where: {
        if case .passwordPolicy = $0.requirement.check { true } else { false }
      })
    {
      passwordCheck = PasswordPolicyCheck(
        status: status, policy: passwordPolicy, scheduler: scheduler, strings: strings,
        delay: Self.passwordCheckDelay, answered: {})
    }
    revalidate()
    // Set apart: `answered` needs `self`, which exists only now.
    passwordCheck?.answered = { [weak self] in self?.revalidate() }
  }

  public var input: RegistrationInput {
    RegistrationInput(login: login, password: password, confirmation: confirmation)
  }

  public func requirements(for field: RegistrationField) -> [RequirementStatus] {
    requirementsByField[field] ?? []
  }

  /// Whether unmet requirements of `field` show as errors: only after the user has left the
  /// field or tried to submit, never while typing in it the first time.
  public func errorsAreShown(for field: RegistrationField) -> Bool {
    hasAttemptedSubmit || visitedFields.contains(field)
  }

  /// Whether `field` shows its error state: errors are shown and a requirement is unmet (a
  /// row still being checked is not an error).
  public func showsError(for field: RegistrationField) -> Bool {
    errorsAreShown(for: field) && requirements(for: field).contains { $0.state == .unmet }
  }

  /// The first field, in form order, with a requirement not met.
  public var firstFieldWithUnmetRequirement: RegistrationField? {
    RegistrationField.allCases.first { field in requirements(for: field).contains { !$0.isMet } }
  }

  /// Records that the user moved away from `field`.
  public func leave(_ field: RegistrationField) {
    if !visitedFields.contains(field) { visitedFields.insert(field) }
  }

  // MARK: Submitting

  /// What submitting leads to.
  public enum Submission: Hashable, Sendable {
    /// Every requirement is met: the account is being created (`onCreated` follows).
    case started
    /// Something is unmet: the form should go to this field.
    case rejected(firstUnmet: RegistrationField)
    /// An account is already being created.
    case busy
  }

  /// Tries to submit: creates the account when every requirement is met; otherwise errors
  /// show from now on.
  @discardableResult
  public func submit() -> Submission {
    if isCreating { return .busy }
    guard canSubmit else {
      if !hasAttemptedSubmit { hasAttemptedSubmit = true }
      return .rejected(firstUnmet: firstFieldWithUnmetRequirement ?? .login)
    }
    setCreating(true)
    message = nil
    let (store, login, password) = (store, login, password)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try store.createAccount(login: login, password: password)
      }
    }) {
      [weak self] result in
      guard let self else { return }
      setCreating(false)
      switch result {
      case .success(let account):
        onCreated(account)
      case .failure(.loginTaken):
        // Another sign-up won the race: the form stays, with everything typed.
        if self.login == login {
          lookedUp = login
          lookedUpIsFree = false
          availability?.update(.unmet)
          revalidate()
        }
        message = strings.loginTakenMeanwhile
      case .failure(.unavailable(let reason)):
        message = strings.cannotSave(reason)
      }
    }
    return .started
  }

  // MARK: Screen

  /// Coming back to the form: the store may have changed, so the login is looked up again.
  public func appear() {
    lookedUp = nil
    lookedUpIsFree = nil
    updateAvailability()
    passwordCheck?.resume()
    revalidate()
  }

  public func disappear() {
    availabilityTimer?.cancel()
    passwordCheck?.cancel()
  }

  // MARK: Inside

  private func setCreating(_ creating: Bool) {
    isCreating = creating
    revalidate()
  }

  /// Typing makes an old message about the form stale.
  private func inputDidChange() {
    if message != nil && !isCreating { message = nil }
    revalidate()
  }

  private func revalidate() {
    let input = input
    for status in requirements {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
    let all = requirements.allSatisfy(\.isMet) && !isCreating
    if canSubmit != all { canSubmit = all }
  }

  /// The password or the login changed: the policy is asked again (after a pause) and
  /// the strength estimated at once.
  private func updatePassword() {
    passwordCheck?.update(password: password, login: login)
    let estimate = password.isEmpty ? nil : strengthEstimator?.strength(of: password, login: login)
    if strength != estimate { strength = estimate }
  }

  /// Shows what is known of the current login's availability, and looks it up after a
  /// pause if it is not known yet.
  private func updateAvailability() {
    guard let availability else { return }
    availabilityTimer?.cancel()
    availabilityTimer = nil
    if login.isEmpty {
      availability.update(.unmet)
    } else if login == lookedUp, let free = lookedUpIsFree {
      availability.update(free ? .met : .unmet)
    } else {
      availability.update(.checking)
      availabilityTimer = scheduler.schedule(after: Self.availabilityDelay) { [weak self] in
        self?.lookUpLogin()
      }
    }
  }

  /// Asks the store about the login in the field, unless that very login was the last
  /// one asked about (its answer is on the way or already shown).
  private func lookUpLogin() {
    let login = login
    guard login != lookedUp else { return }
    lookedUp = login
    lookedUpIsFree = nil
    let store = store
    scheduler.perform({
      Result { () throws(AccountStoreError) in try store.isLoginTaken(login) }
    }) { [weak self] result in
      // A newer lookup has started since: this answer is stale.
      guard let self, self.lookedUp == login else { return }
      switch result {
      case .success(let taken):
        lookedUpIsFree = !taken
      case .failure(let error):
        // Not an answer: forget it, so the next change of the login asks again.
        lookedUp = nil
        message = strings.cannotCheck(error.description)
      }
      // Only the answer for the text now in the field may show.
      if self.login == login { availability?.update(lookedUpIsFree == true ? .met : .unmet) }
      revalidate()
    }
  }
}
