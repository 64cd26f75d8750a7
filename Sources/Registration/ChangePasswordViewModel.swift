import Observation

/// The Change password form without a screen: the login and current password, checked by
/// the store as a sign-in is (a wrong one is a failed sign-in for the throttle), and a new
/// password with exactly Sign up's rows and strength, confirmed. A new password equal to
/// the current one is refused before the store is asked.
@Observable
public final class ChangePasswordViewModel: ScreenModel {
  /// What the form tells the application.
  public enum Event: Hashable, Sendable {
    /// The password was changed: the session is over.
    case changed(ChangedPassword)
    /// The store refused the login and current password (which is cleared): the form goes
    /// back to the current password.
    case refused
    /// A submission was refused: the form goes to this field.
    case rejected(ChangePasswordField)
  }

  // A value longer than its field's limit is refused, as on the other forms.
  public var login: String {
    get { self[.login] }
    set { self[.login] = newValue }
  }
  public var currentPassword: String {
    get { self[.currentPassword] }
    set { self[.currentPassword] = newValue }
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
  public subscript(field: ChangePasswordField) -> String {
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

  /// The inputs, the phase of the change and why the last attempt failed.
  public let form = Form<ChangePasswordField>(limits: \.limit)
  /// What the form tells the application: changed, refused, go to a field.
  public let events = Events<Event>()
  /// True when the store refused the last attempt's login and current password (not when
  /// it could not answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// How hard the new password is to guess (advisory).
  public private(set) var strength: PasswordStrength?

  @ObservationIgnored private var rows: NewPasswordRows!
  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings

  /// `passwordPolicy` and `strengthEstimator` as for Sign up: the same rows follow.
  public init(
    store: any AccountStore, scheduler: any Scheduler, strings: Strings = .english,
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
  /// True when everything is filled in, every row is met, the new password is not the
  /// current one, and no change is under way.
  public var canSubmit: Bool { form.canSubmit }
  /// True when everything is met or still being checked ("Hard to guess") and no change
  /// is under way: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool { form.isReady(standing) }
  /// True while the store checks the current password and stores the new one.
  public var isChanging: Bool { form.phase == .submitting }
  /// True while a submission waits for the password policy's answer.
  public var isWaitingToSubmit: Bool { form.phase == .waitingForChecks }
  /// Why the last attempt failed; cleared when the user types.
  public var message: String? { form.message }
  public var visitedFields: Set<ChangePasswordField> { form.visitedFields }
  public var hasAttemptedSubmit: Bool { form.hasAttemptedSubmit }
  /// The field whose last value was refused for being too long (it kept the value it had).
  public var refusedField: ChangePasswordField? { form.refusedField }
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { rows.estimatesStrength }

  /// The new password is the current one again (said under the button).
  public var isSameAsCurrent: Bool { !newPassword.isEmpty && newPassword == currentPassword }

  /// What the form says under the button: why the last attempt failed, else that the new
  /// password is the current one.
  public var notice: String? {
    message ?? (isSameAsCurrent ? strings.newPasswordSameAsCurrent : nil)
  }

  /// The notice is only a hint (dimmed) until the new password shows as an error.
  public var noticeIsHint: Bool { message == nil && !showsError(for: .newPassword) }

  /// What a submission waits for, in the row's words.
  public var checkingText: String {
    requirements.first { $0.state == .checking }?.requirement.checkingText ?? ""
  }

  /// The rows under `field` (none under the login and the current password).
  public func requirements(for field: ChangePasswordField) -> [RequirementStatus] {
    field.rowsField.map(rows.statuses(for:)) ?? []
  }

  /// Whether `field` shows as an error: something in it is wrong (empty, an unmet row, the
  /// current password again) and the user has left it or tried to submit.
  public func showsError(for field: ChangePasswordField) -> Bool {
    form.showsError(for: field) { isWrong(field) }
  }

  // MARK: What the person does

  /// Records that the user moved away from `field`.
  public func leave(_ field: ChangePasswordField) { form.leave(field) }

  @discardableResult
  public func submit() -> Submission<ChangePasswordField> {
    let submission = form.submit(standing)
    switch submission {
    case .started: change()
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

  /// Empty, an unmet row or the current password again is unmet; a row still being
  /// checked is checking.
  private func standing(of field: ChangePasswordField) -> FieldStanding {
    if isWrong(field) { return .unmet }
    return requirements(for: field).contains { $0.state == .checking } ? .checking : .met
  }

  /// Whether `field` is wrong now (a row still being checked is not): reads no more than
  /// decides, since a drawing that asks watches what it read.
  private func isWrong(_ field: ChangePasswordField) -> Bool {
    switch field {
    case .login: login.isEmpty
    case .currentPassword: currentPassword.isEmpty
    case .newPassword:
      requirements(for: field).contains { $0.state == .unmet } || isSameAsCurrent
    case .confirmation: requirements(for: field).contains { $0.state == .unmet }
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

  private func change() {
    credentialsRefused = false
    let (store, login, current, new) = (store, login, currentPassword, newPassword)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try store.changePassword(login: login, currentPassword: current, newPassword: new)
      }
    }) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let changed?):
        form.finish(.done, standing)
        events.send(.changed(changed))
      case .success(nil):
        credentialsRefused = true
        form.finish(.editing, standing)
        // Typed again; the login is usually right, the new password stays.
        currentPassword = ""
        form.say(strings.wrongCredentials)
        events.send(.refused)
      case .failure(.throttled(let seconds)):
        form.finish(.editing, message: strings.tooManyAttempts(seconds), standing)
      case .failure(let error) where error.refusesAccount:
        // Said as it is: whoever knows the password may know the account waits or is locked.
        credentialsRefused = true
        form.finish(.editing, message: error.description(in: strings), standing)
        events.send(.refused)
      case .failure(let error):
        form.finish(
          .editing, message: strings.cannotChangePassword(error.description(in: strings)),
          standing)
      }
    }
  }
}
