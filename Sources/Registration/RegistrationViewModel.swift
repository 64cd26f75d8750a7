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
  /// What the form tells the application.
  public enum Event: Hashable, Sendable {
    /// The account was created: the session is over.
    case created(CreatedAccount)
    /// The account was stored, but handing it on (`--on-create`) failed and it was taken
    /// back: the session is over (exit 4).
    case handOffFailed
    /// A submission was refused: the form goes to this field.
    case rejected(RegistrationField)
    /// A submission was refused for the site's question of this name: the form goes there.
    case rejectedQuestion(String)
  }

  // The inputs. A value longer than its field's `FieldLimit` is refused: the input keeps
  // what it had and `refusedField` says which (the form's fields stop typing there first).
  public var login: String {
    get { form[.login] }
    set { if form.take(newValue, for: .login) { loginChanged() } }
  }
  public var password: String {
    get { form[.password] }
    set { if form.take(newValue, for: .password) { passwordChanged() } }
  }
  public var confirmation: String {
    get { form[.confirmation] }
    set { if form.take(newValue, for: .confirmation) { confirmationChanged() } }
  }

  /// The inputs, the phase of the submission and what the form says about itself.
  public let form = Form<RegistrationField>(limits: FieldLimit.of)
  /// What the form tells the application: created, taken back, go to a field.
  public let events = Events<Event>()
  /// The site's questions, asked after the fields; Create account waits for them too.
  public let questions: SignUpQuestions
  /// True once a submission was refused for a question: their unmet rows show as errors.
  public private(set) var questionsRefused = false
  /// Every requirement with its current answer, in display order.
  public let requirements: [RequirementStatus]
  /// How hard the password is to guess (advisory); nil with no estimator or no password.
  public private(set) var strength: PasswordStrength?
  /// The rule the login breaks, if it is refused: the form says it under the button.
  public private(set) var loginProblem: LoginProblem?
  /// Over SSH: the client's address has made as many accounts in 24 hours as
  /// `--max-per-address` allows. Said under the button from the start, and kept.
  public private(set) var addressLimitNotice: String?
  /// True once the account has been on its way for `slowStoreDelay` without an answer: a
  /// store that waits through a failover (PostgreSQL, up to `failover-wait`). The form
  /// says the store is briefly away instead of "Creating the account…".
  public private(set) var storeIsSlow = false

  /// How long an account may be on its way before the form says the store is away.
  public static let slowStoreDelay = Duration.seconds(3)

  /// How long typing must pause before the login is looked up.
  public static let availabilityDelay = Duration.milliseconds(250)

  @ObservationIgnored private let requirementsByField: [RegistrationField: [RequirementStatus]]
  /// "Login is free", when the form has that row.
  @ObservationIgnored private var availability: DebouncedCheck<String, LoginAnswer>?
  @ObservationIgnored private var availabilityStatus: RequirementStatus?
  /// The password's rows, "Hard to guess" asked of the policy, and the strength.
  @ObservationIgnored private var passwordRows: NewPasswordRows!
  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let policy: any LoginPolicy
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings
  @ObservationIgnored private let origin: SignUpOrigin?
  /// The "SSH key" field, when the site has one (`keys = optional|required`).
  public let key: SignUpKey?
  /// The site's `password = off`: no Password or Confirm rows, and the account is made
  /// without a password. Only with a required key: an account must have a way in.
  public let withoutPassword: Bool
  /// The fields the form asks, in order: only the login when it is `withoutPassword`.
  public var fields: [RegistrationField] {
    withoutPassword ? [.login] : RegistrationField.allCases
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
    origin: SignUpOrigin? = nil, key: SignUpKey? = nil,
    questions: SignUpQuestions = SignUpQuestions([]), withoutPassword: Bool = false
  ) {
    self.key = key
    let withoutPassword = withoutPassword && key?.need == .required
    self.withoutPassword = withoutPassword
    self.questions = questions
    self.store = store
    // A Login key's problem and its row share one answer of the policy's rules.
    let policy = RememberingLoginPolicy(policy)
    self.policy = policy
    self.scheduler = scheduler
    self.strings = strings
    self.origin = origin
    let asked =
      requirements
      ?? Requirement.signUp(strings, policy: policy, passwordPolicy: passwordPolicy?.rules)
    // Without a password, only the login's rows.
    let statuses = asked.filter { !withoutPassword || $0.field == .login }.map {
      RequirementStatus($0, state: .unmet)
    }
    self.requirements = statuses
    requirementsByField = Dictionary(grouping: statuses, by: \.field)
    availabilityStatus = statuses.first { $0.requirement.remoteCheck == .loginIsFree }
    // Made once `self` exists: their answers come back to it.
    passwordRows = NewPasswordRows(
      statuses: statuses.filter { $0.field != .login }, strings: strings,
      policy: withoutPassword ? nil : passwordPolicy,
      estimator: withoutPassword ? nil : strengthEstimator, scheduler: scheduler
    ) { [weak self] in self?.checkAnswered(failure: nil) }
    availability = availabilityStatus.map { status in
      DebouncedCheck(
        status: status, scheduler: scheduler, delay: Self.availabilityDelay,
        ask: { login in
          Result { () throws(AccountStoreError) in
            try RegistrationViewModel.lookUp(login, in: store, policy)
          }
        },
        verdict: { $0.verdict(strings) },
        answered: { [weak self] in self?.checkAnswered(failure: $0) })
    }
    revalidate()
  }

  public var input: RegistrationInput {
    RegistrationInput(login: login, password: password, confirmation: confirmation)
  }

  // MARK: What the form shows

  /// True when every requirement is met and no account is being created.
  public var canSubmit: Bool { form.canSubmit && key?.isMet != false && questions.areMet }
  /// True while the account is being created.
  public var isCreating: Bool { form.phase == .submitting }
  /// True while a submission waits for a check to answer (the login's, the password
  /// policy's).
  public var isWaitingToSubmit: Bool { form.phase == .waitingForChecks }
  /// True once the account was stored but handing it on (`--on-create`) failed.
  public var handOffFailed: Bool { form.phase == .failed }
  /// True once the user has tried to submit.
  public var hasAttemptedSubmit: Bool { form.hasAttemptedSubmit }
  /// Fields the user has left at least once.
  public var visitedFields: Set<RegistrationField> { form.visitedFields }
  /// A message about the form as a whole: the login was taken meanwhile, the store failed.
  public var message: String? { form.message }
  /// The field whose last value was refused for being too long, until it takes one.
  public var refusedField: RegistrationField? { form.refusedField }
  /// True when the store says an account has this login: the form offers to sign in.
  public var canSignInInstead: Bool { availabilityStatus?.offer == .signInInstead }
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { passwordRows.estimatesStrength }

  /// What a submission waits for: the first check still under way, in its row's words.
  public var checkingText: String {
    requirements.first { $0.state == .checking }?.requirement.checkingText ?? ""
  }

  /// The line under the button: what went wrong, or why the login is refused.
  public var notice: String? {
    message ?? addressLimitNotice ?? loginProblem.map(strings.loginProblem)
  }

  /// A refused login is only a hint (dimmed) while it is being typed; an error once the
  /// user has left the field or tried to sign up.
  public var noticeIsHint: Bool {
    message == nil && addressLimitNotice == nil && !showsError(for: .login)
  }

  public func requirements(for field: RegistrationField) -> [RequirementStatus] {
    requirementsByField[field] ?? []
  }

  /// Whether `field` shows its error state, and its unmet rows as errors: a requirement is
  /// unmet (a row still being checked is not an error), and the user has left the field or
  /// tried to submit; never while typing in it the first time.
  public func showsError(for field: RegistrationField) -> Bool {
    form.showsError(for: field) { requirements(for: field).contains { $0.state == .unmet } }
  }

  /// True when every requirement is met or still being checked, and no account is being
  /// created: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool {
    form.isReady(standing) && key?.isMet != false && questions.areMet
  }

  // MARK: What the person does

  /// Records that the user moved away from `field`.
  public func leave(_ field: RegistrationField) { form.leave(field) }

  /// Tries to submit: creates the account when every requirement is met; otherwise errors
  /// show from now on (and `.rejected` says where to go). Refused for a site question,
  /// it returns `.rejected` with the last field, and the event `.rejectedQuestion` names it.
  @discardableResult
  public func submit() -> Submission<RegistrationField> {
    // A lookup that failed is asked again: the person is waiting for it now.
    if form.isOpen { availability?.retry() }
    // The key field's rows say what is wrong with it; nothing is sent to the store.
    if key?.isMet == false { return .busy }
    // The fields first: a question is where a submission goes only once they would do.
    if form.isOpen, form.isReady(standing), let unmet = questions.firstUnmet {
      assign(true, to: \.questionsRefused)
      events.send(.rejectedQuestion(unmet.question.name))
      return .rejected(firstUnmet: .confirmation)
    }
    let submission = form.submit(standing)
    switch submission {
    case .started: create()
    // No need to wait out the typing pauses: the person has finished typing.
    case .waiting:
      availability?.askNow()
      passwordRows.askNow()
    case .rejected(let field): events.send(.rejected(field))
    case .busy: break
    }
    return submission
  }

  /// Coming back to the form: the store may have changed, so the login is looked up again
  /// (and, over SSH with a limit, the accounts made from the client's address counted).
  public func appear() {
    availability?.forget()
    availability?.refresh()
    passwordRows.resume()
    revalidate()
    checkAddressLimit()
  }

  public func disappear() {
    availability?.cancel()
    passwordRows.cancel()
    form.stopWaiting()
  }

  // MARK: Inside

  private func loginChanged() {
    form.inputChanged()
    // The rules first: whether the store is asked depends on them. The form decides once,
    // after the lookup's row has changed too.
    revalidateRows()
    availability?.update(loginQuestion)
    updateStrength()
    form.refresh(standing)
  }

  // The login stays: it is not validated again (the policy's rules cost most of a key).
  private func passwordChanged() {
    updateStrength()
    form.inputChanged()
    passwordRows.revalidate(input, fields: [.password, .confirmation])
    form.refresh(standing)
  }

  private func confirmationChanged() {
    form.inputChanged()
    passwordRows.revalidate(input, fields: [.confirmation])
    form.refresh(standing)
  }

  /// The password or the login changed: the policy is asked again (after a pause) and the
  /// strength estimated at once.
  private func updateStrength() {
    assign(passwordRows.passwordChanged(password: password, login: login), to: \.strength)
  }

  /// The login to look up: none while it is empty or breaks another of the login's rules
  /// (it could not be registered anyway: the store is not asked about it).
  private var loginQuestion: String? {
    let otherRulesMet = requirements(for: .login).allSatisfy {
      $0.requirement.remoteCheck == .loginIsFree || $0.isMet
    }
    return login.isEmpty || !otherRulesMet ? nil : login
  }

  private func standing(of field: RegistrationField) -> FieldStanding {
    var standing = FieldStanding.met
    for status in requirements(for: field) {
      switch status.state {
      case .unmet: return .unmet
      case .checking: standing = .checking
      case .met: break
      }
    }
    return standing
  }

  private func revalidate() {
    revalidateRows()
    form.refresh(standing)
  }

  /// The login's problem and every row decided at once: the login's here, the password's
  /// and the confirmation's by `passwordRows`.
  private func revalidateRows() {
    assign(login.isEmpty ? nil : policy.validate(login), to: \.loginProblem)
    let input = input
    for status in requirements(for: .login) {
      if let met = status.requirement.isMet(by: input) { status.update(met ? .met : .unmet) }
    }
    passwordRows.revalidate(input)
  }

  /// A slow check answered (or failed): the form decides again, and a submission that
  /// waited for it goes on, or says where to go.
  private func checkAnswered(failure: AccountStoreError?) {
    if let failure {
      // A submission that waited for it waits no more: the person presses again.
      form.stopWaiting()
      form.say(strings.cannotCheck(failure.description(in: strings)))
    }
    revalidate()
    if form.checksAnswered(standing) { submit() }
  }

  private func create() {
    let (store, policy, login, password, origin) = (store, policy, login, password, origin)
    let details = SignUpDetails(answers: questions.answers, keys: key?.accountKeys ?? [])
    let signUp =
      withoutPassword
      ? SignUp(withoutPasswordLogin: login, origin: origin, details: details)
      : SignUp(login: login, password: password, origin: origin, details: details)
    let slow = scheduler.schedule(after: Self.slowStoreDelay) { [weak self] in
      self?.storeIsSlow = true
    }
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        // A user or group may have been made with this name since the lookup.
        if policy.reservation(of: login) != nil { throw .loginTaken }
        return try store.createAccount(signUp)
      }
    }) { [weak self] result in
      slow.cancel()
      guard let self else { return }
      assign(false, to: \.storeIsSlow)
      switch result {
      case .success(let account):
        form.finish(.done, standing)
        events.send(.created(account))
      case .failure(.loginTaken):
        // Another sign-up won the race: the form stays, with everything typed.
        availability?.learn(.store(.taken), for: login)
        revalidate()
        form.finish(.editing, message: strings.loginTakenMeanwhile, standing)
      case .failure(.addressLimitReached(let limit)):
        addressLimitNotice = strings.addressLimitReached(limit)
        form.finish(.editing, standing)
      case .failure(.handOffFailed):
        form.finish(.failed, message: strings.handOffFailed, standing)
        events.send(.handOffFailed)
      case .failure(let error):
        form.finish(.editing, message: strings.cannotSave(error.description(in: strings)), standing)
      }
    }
  }

  /// Says at once when the client's address may make no more accounts today; the store's
  /// insert decides in the end (sessions at once), so a failed count says nothing.
  private func checkAddressLimit() {
    guard let origin, let limit = origin.limit else { return }
    let store = store
    scheduler.perform({ try? store.accountsCreated(from: origin.address) }) { [weak self] count in
      guard let self, let count else { return }
      assign(count >= limit ? strings.addressLimitReached(limit) : nil, to: \.addressLimitNotice)
    }
  }

  /// Whether `login` is free: a name the policy reserves needs no store; a system name is
  /// the store's account when the store has it (with `--unix-names` the hook made that
  /// user), so the store's "taken" wins and the person is offered to sign in.
  private static func lookUp(_ login: String, in store: any AccountStore, _ policy: any LoginPolicy)
    throws(AccountStoreError) -> LoginAnswer
  {
    switch policy.reservation(of: login) {
    case .reserved?: return .reserved(.reserved)
    case .systemName?:
      if (try? store.availability(of: login)) == .taken { return .store(.taken) }
      return .reserved(.systemName)
    case nil: return .store(try store.availability(of: login))
    }
  }
}

/// What a lookup of a login found: the store's answer, or a reservation the policy knows of.
enum LoginAnswer: Sendable {
  case store(LoginAvailability)
  case reserved(LoginReservation)

  /// "Login is free", met or not, and why not in words: taken (with a way to sign in), a
  /// lookalike, reserved.
  func verdict(_ strings: Strings) -> DebouncedCheck<String, LoginAnswer>.Verdict {
    switch self {
    case .store(.free): (.met, nil, nil)
    case .store(.taken): (.unmet, strings.loginTaken, .signInInstead)
    case .store(.lookalike): (.unmet, strings.loginLooksTaken, nil)
    case .reserved(.reserved): (.unmet, strings.loginReserved, nil)
    case .reserved(.systemName): (.unmet, strings.loginSystemName, nil)
    }
  }
}
