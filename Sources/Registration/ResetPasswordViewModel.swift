import Observation

/// The Reset password form without a screen: the login, the one-time code from
/// `register admin reset`, and a new password with exactly Sign up's rows and strength,
/// confirmed. The store checks the code as Sign in checks a password (throttled, one use,
/// 24 hours); a wrong, used or expired code is one message that never says which.
@Observable
public final class ResetPasswordViewModel: ScreenModel {
  /// What the form tells the application.
  public enum Event: Hashable, Sendable {
    /// The new password was set: the session is over.
    case reset(ChangedPassword)
    /// The store refused the login and code (the code is cleared): the form goes back to
    /// the code.
    case refused
    /// A submission was refused: the form goes to this field.
    case rejected(ResetPasswordField)
  }

  // A value longer than its field's limit is refused, as on the other forms.
  public var login: String {
    get { self[.login] }
    set { self[.login] = newValue }
  }
  public var code: String {
    get { self[.code] }
    set { self[.code] = newValue }
  }
  public var newPassword: String {
    get { self[.newPassword] }
    set { self[.newPassword] = newValue }
  }
  public var confirmation: String {
    get { self[.confirmation] }
    set { self[.confirmation] = newValue }
  }
  /// The value of `field`, for a form that makes its fields in a loop.
  public subscript(field: ResetPasswordField) -> String {
    get { form[field] }
    set {
      guard form.take(newValue, for: field) else { return }
      // The policy compares the new password with the login: both changes ask it again.
      if field == .login || field == .newPassword {
        assign(rows.passwordChanged(password: newPassword, login: login), to: \.strength)
      }
      form.inputChanged()
      revalidate()
    }
  }

  /// The inputs, the phase of the reset and why the last attempt failed.
  public let form = Form<ResetPasswordField>(limits: \.limit)
  /// What the form tells the application: reset, refused, go to a field.
  public let events = Events<Event>()
  /// True when the store refused the last attempt's login and code (not when it could not
  /// answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// How hard the new password is to guess (advisory).
  public private(set) var strength: PasswordStrength?

  @ObservationIgnored private var rows: NewPasswordRows!
  @ObservationIgnored private let store: any PasswordResetting
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings

  /// `passwordPolicy` and `strengthEstimator` as for Sign up: the same rows follow.
  public init(
    store: any PasswordResetting, scheduler: any Scheduler, strings: Strings = .english,
    passwordPolicy: (any PasswordPolicy)? = nil, strengthEstimator: (any StrengthEstimator)? = nil
  ) {
    self.store = store
    self.scheduler = scheduler
    self.strings = strings
    rows = NewPasswordRows(
      strings: strings, policy: passwordPolicy, estimator: strengthEstimator,
      scheduler: scheduler
    ) { [weak self] in self?.policyAnswered() }
    revalidate()
  }

  // MARK: What the form shows

  /// The new password's rows, then the confirmation's: Sign up's, in its order.
  public var requirements: [RequirementStatus] { rows.statuses }
  /// True when everything is filled in, every row is met and no reset is under way.
  public var canSubmit: Bool { form.canSubmit }
  /// True when everything is met or still being checked ("Hard to guess") and no reset
  /// is under way: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool { form.isReady(standing) }
  /// True while the store checks the code and stores the new password.
  public var isResetting: Bool { form.phase == .submitting }
  /// True while a submission waits for the password policy's answer.
  public var isWaitingToSubmit: Bool { form.phase == .waitingForChecks }
  /// Why the last attempt failed; cleared when the user types.
  public var message: String? { form.message }
  public var visitedFields: Set<ResetPasswordField> { form.visitedFields }
  public var hasAttemptedSubmit: Bool { form.hasAttemptedSubmit }
  /// The field whose last value was refused for being too long (it kept the value it had).
  public var refusedField: ResetPasswordField? { form.refusedField }
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { rows.estimatesStrength }

  /// What a submission waits for, in the row's words.
  public var checkingText: String {
    requirements.first { $0.state == .checking }?.requirement.checkingText ?? ""
  }

  /// The rows under `field` (none under the login and the code).
  public func requirements(for field: ResetPasswordField) -> [RequirementStatus] {
    field.rowsField.map(rows.statuses(for:)) ?? []
  }

  /// Whether `field` shows as an error: empty or an unmet row, and the user has left it or
  /// tried to submit.
  public func showsError(for field: ResetPasswordField) -> Bool {
    form.showsError(for: field) { isWrong(field) }
  }

  // MARK: What the person does

  /// Records that the user moved away from `field`.
  public func leave(_ field: ResetPasswordField) { form.leave(field) }

  @discardableResult
  public func submit() -> Submission<ResetPasswordField> {
    let submission = form.submit(standing)
    switch submission {
    case .started: reset()
    case .waiting: rows.askNow()
    case .rejected(let field): events.send(.rejected(field))
    case .busy: break
    }
    return submission
  }

  public func appear() {
    rows.resume()
    revalidate()
  }

  /// Leaving forgets an old failure message and any question pending; what was typed stays.
  public func disappear() {
    rows.cancel()
    form.stopWaiting()
    form.say(nil)
  }

  // MARK: Inside

  private func standing(of field: ResetPasswordField) -> FieldStanding {
    if isWrong(field) { return .unmet }
    return requirements(for: field).contains { $0.state == .checking } ? .checking : .met
  }

  /// Whether `field` is wrong now (a row still being checked is not).
  private func isWrong(_ field: ResetPasswordField) -> Bool {
    switch field {
    case .login: login.isEmpty
    case .code: code.isEmpty
    case .newPassword, .confirmation: requirements(for: field).contains { $0.state == .unmet }
    }
  }

  private func revalidate() {
    rows.revalidate(
      RegistrationInput(login: login, password: newPassword, confirmation: confirmation))
    form.refresh(standing)
  }

  /// The policy answered: decide again, and a submission that waited goes on.
  private func policyAnswered() {
    revalidate()
    if form.checksAnswered(standing) { submit() }
  }

  private func reset() {
    credentialsRefused = false
    let (store, login, code, new) = (store, login, code, newPassword)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try store.redeemResetCode(login: login, code: code, newPassword: new)
      }
    }) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let changed?):
        form.finish(.done, standing)
        events.send(.reset(changed))
      case .success(nil):
        credentialsRefused = true
        form.finish(.editing, standing)
        // Typed again; the login is usually right, the new password stays.
        self.code = ""
        form.say(strings.wrongResetCode)
        events.send(.refused)
      case .failure(.throttled(let seconds)):
        form.finish(.editing, message: strings.tooManyAttempts(seconds), standing)
      case .failure(let error) where error.refusesAccount:
        // Only after the code was right: whoever has it may know the account's state.
        credentialsRefused = true
        form.finish(.editing, message: error.description(in: strings), standing)
        events.send(.refused)
      case .failure(let error):
        form.finish(
          .editing, message: strings.cannotResetPassword(error.description(in: strings)),
          standing)
      }
    }
  }
}
