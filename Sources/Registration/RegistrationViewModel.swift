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
  /// True when the store says an account has this login: the form offers to sign in.
  public private(set) var canSignInInstead = false
  /// True while a submission waits for a check to answer (the login's, the password
  /// policy's).
  public private(set) var isWaitingToSubmit = false
  /// The rule the login breaks, if it is refused: the form says it under the button.
  public private(set) var loginProblem: LoginProblem?
  /// Over SSH: the client's address has made as many accounts in 24 hours as
  /// `--max-per-address` allows. Said under the button from the start, and kept.
  public private(set) var addressLimitNotice: String?
  /// True once the account was stored but handing it on (`--on-create`) failed: the
  /// session ends (exit 4).
  public private(set) var handOffFailed = false
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
  @ObservationIgnored private let requirementsByField: [RegistrationField: [RequirementStatus]]
  @ObservationIgnored private let availability: RequirementStatus?
  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let policy: any LoginPolicy
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings
  @ObservationIgnored private let origin: SignUpOrigin?
  @ObservationIgnored private var availabilityTimer: (any Cancellable)?
  /// The last login that was looked up (after the pause), and its answer once it came.
  @ObservationIgnored private var lookedUp: String?
  @ObservationIgnored private var lookedUpAnswer: Availability?
  /// "Hard to guess", when there is a password policy.
  @ObservationIgnored private var passwordCheck: PasswordPolicyCheck?
  @ObservationIgnored private let strengthEstimator: (any StrengthEstimator)?
  /// The store could not answer the last lookup (a server gone): Sign up asks again.
  @ObservationIgnored private var lookUpFailed = false

  /// What a lookup found: the store's answer, or a reservation the policy knows of.
  private enum Availability: Sendable {
    case store(LoginAvailability)
    case reserved(LoginReservation)

    var isFree: Bool {
      if case .store(.free) = self { true } else { false }
    }
  }

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
    self.strengthEstimator = strengthEstimator
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
    passwordCheck?.answered = { [weak self] in
      self?.revalidate()
      self?.finishWaitingSubmission()
    }
  }

  public var input: RegistrationInput {
    RegistrationInput(login: login, password: password, confirmation: confirmation)
  }

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

  // MARK: Submitting

  /// What submitting leads to.
  public enum Submission: Hashable, Sendable {
    /// Every requirement is met: the account is being created (`onCreated` follows).
    case started
    /// Something is unmet: the form should go to this field.
    case rejected(firstUnmet: RegistrationField)
    /// Everything else is met and the login or the password is being checked: the account
    /// is created when the last answer says yes (otherwise `onSubmissionRejected` follows).
    case waiting
    /// An account is already being created.
    case busy
  }

  /// Tries to submit: creates the account when every requirement is met; otherwise errors
  /// show from now on.
  @discardableResult
  public func submit() -> Submission {
    if isCreating { return .busy }
    guard canSubmit else {
      if lookUpFailed, let availability {
        availability.update(.checking)
        lookUpLogin()
      }
      if isReadyToSubmit {
        if !isWaitingToSubmit { isWaitingToSubmit = true }
        // No need to wait out the typing pauses: the person has finished typing.
        if let timer = availabilityTimer {
          timer.cancel()
          availabilityTimer = nil
          lookUpLogin()
        }
        passwordCheck?.askNow()
        return .waiting
      }
      if !hasAttemptedSubmit { hasAttemptedSubmit = true }
      // A row still being checked is not what sends the person back.
      let unmet = RegistrationField.allCases.first { field in
        requirements(for: field).contains { $0.state == .unmet }
      }
      return .rejected(firstUnmet: unmet ?? firstFieldWithUnmetRequirement ?? .login)
    }
    if isWaitingToSubmit { isWaitingToSubmit = false }
    setCreating(true)
    message = nil
    let (store, policy, login, password, origin) = (store, policy, login, password, origin)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        // A user or group may have been made with this name since the lookup.
        if policy.reservation(of: login) != nil { throw .loginTaken }
        guard let origin else { return try store.createAccount(login: login, password: password) }
        return try store.createAccount(login: login, password: password, origin: origin)
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
          lookedUpAnswer = .store(.taken)
          show(.store(.taken))
          revalidate()
        }
        message = strings.loginTakenMeanwhile
      case .failure(.addressLimitReached(let limit)):
        addressLimitNotice = strings.addressLimitReached(limit)
      case .failure(.handOffFailed):
        handOffFailed = true
        message = strings.handOffFailed
        onHandOffFailed()
      case .failure(let error):
        message = strings.cannotSave(error.description(in: strings))
      }
    }
    return .started
  }

  // MARK: Screen

  /// Coming back to the form: the store may have changed, so the login is looked up again
  /// (and, over SSH with a limit, the accounts made from the client's address counted).
  public func appear() {
    lookedUp = nil
    lookedUpAnswer = nil
    updateAvailability()
    passwordCheck?.resume()
    revalidate()
    checkAddressLimit()
  }

  public func disappear() {
    availabilityTimer?.cancel()
    availabilityTimer = nil
    passwordCheck?.cancel()
    if isWaitingToSubmit { isWaitingToSubmit = false }
  }

  // MARK: Inside

  /// Says at once when the client's address may make no more accounts today; the store's
  /// insert decides in the end (sessions at once), so a failed count says nothing.
  private func checkAddressLimit() {
    guard let origin, let limit = origin.limit else { return }
    let store = store
    scheduler.perform({ try? store.accountsCreated(from: origin.address) }) { [weak self] count in
      guard let self, let count else { return }
      let notice = count >= limit ? strings.addressLimitReached(limit) : nil
      if addressLimitNotice != notice { addressLimitNotice = notice }
    }
  }

  private func setCreating(_ creating: Bool) {
    isCreating = creating
    revalidate()
  }

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

  private func revalidate() {
    let problem = login.isEmpty ? nil : policy.validate(login)
    if loginProblem != problem { loginProblem = problem }
    let input = input
    for status in requirements {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
    updateCanSubmit()
  }

  private func updateCanSubmit() {
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
  /// pause if it is not known yet. A login that breaks another of the login's rules could
  /// not be registered anyway: the store is not asked about it.
  private func updateAvailability() {
    guard let availability else { return }
    lookUpFailed = false
    availabilityTimer?.cancel()
    availabilityTimer = nil
    // The rules decided at once have just been checked (`inputDidChange` runs first).
    let otherRulesMet = requirements(for: .login).allSatisfy { status in
      if case .loginIsFree = status.requirement.check { return true }
      return status.isMet
    }
    if login.isEmpty || !otherRulesMet {
      show(nil)
    } else if login == lookedUp, let answer = lookedUpAnswer {
      show(answer)
    } else {
      if canSignInInstead { canSignInInstead = false }
      availability.update(.checking)
      availabilityTimer = scheduler.schedule(after: Self.availabilityDelay) { [weak self] in
        self?.availabilityTimer = nil
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
    lookedUpAnswer = nil
    lookUpFailed = false
    let (store, policy) = (store, policy)
    scheduler.perform({
      Result { () throws(AccountStoreError) -> Availability in
        if let reservation = policy.reservation(of: login) { return .reserved(reservation) }
        return .store(try store.availability(of: login))
      }
    }) { [weak self] result in
      // A newer lookup has started since: this answer is stale.
      guard let self, self.lookedUp == login else { return }
      switch result {
      case .success(let answer):
        lookedUpAnswer = answer
      case .failure(let error):
        // Not an answer: forget it, so the next change of the login, or Sign up, asks
        // again. A submission that waited for it waits no more: the person presses again.
        lookedUp = nil
        lookUpFailed = true
        if isWaitingToSubmit { isWaitingToSubmit = false }
        message = strings.cannotCheck(error.description(in: strings))
      }
      // Only the answer for the text now in the field may show.
      if self.login == login { show(lookedUpAnswer) }
      revalidate()
      finishWaitingSubmission()
    }
  }

  /// "Login is free", met or not, and why not in words: taken (with a way to sign in),
  /// a lookalike, reserved. Nil: nothing to ask about, or no answer.
  private func show(_ answer: Availability?) {
    let note: String? =
      switch answer {
      case nil, .store(.free): nil
      case .store(.taken): strings.loginTaken
      case .store(.lookalike): strings.loginLooksTaken
      case .reserved(.reserved): strings.loginReserved
      case .reserved(.systemName): strings.loginSystemName
      }
    availability?.update(answer?.isFree == true ? .met : .unmet, note: note)
    let taken = if case .store(.taken) = answer { true } else { false }
    if canSignInInstead != taken { canSignInInstead = taken }
  }

  /// A check a submission waited for has answered: once none is left, submit now, or say
  /// where to go.
  private func finishWaitingSubmission() {
    guard isWaitingToSubmit, !requirements.contains(where: { $0.state == .checking }) else {
      return
    }
    isWaitingToSubmit = false
    if case .rejected(let field) = submit() { onSubmissionRejected(field) }
  }
}
