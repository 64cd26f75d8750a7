import Observation

/// The Change password form without a screen: the login and current password, checked by
/// the store as a sign-in is (a wrong one is a failed sign-in for the throttle), and a new
/// password with exactly Sign up's rows and strength, confirmed. A new password equal to
/// the current one is refused before the store is asked.
@Observable
public final class ChangePasswordViewModel: ScreenModel {
  // A value longer than its field's limit is refused, as on the other forms.
  public var login: String {
    get { acceptedLogin }
    set { if accepts(newValue, for: .login) { acceptedLogin = newValue } }
  }
  public var currentPassword: String {
    get { acceptedCurrent }
    set { if accepts(newValue, for: .currentPassword) { acceptedCurrent = newValue } }
  }
  public var newPassword: String {
    get { acceptedNew }
    set { if accepts(newValue, for: .newPassword) { acceptedNew = newValue } }
  }
  public var confirmation: String {
    get { acceptedConfirmation }
    set { if accepts(newValue, for: .confirmation) { acceptedConfirmation = newValue } }
  }
  /// The value of `field`, for a form that makes its fields in a loop.
  public subscript(field: ChangePasswordField) -> String {
    get {
      switch field {
      case .login: login
      case .currentPassword: currentPassword
      case .newPassword: newPassword
      case .confirmation: confirmation
      }
    }
    set {
      switch field {
      case .login: login = newValue
      case .currentPassword: currentPassword = newValue
      case .newPassword: newPassword = newValue
      case .confirmation: confirmation = newValue
      }
    }
  }
  // The policy compares the new password with the login: both changes ask it again.
  private var acceptedLogin = "" { didSet { inputDidChange(askingPolicy: true) } }
  private var acceptedCurrent = "" { didSet { inputDidChange() } }
  private var acceptedNew = "" { didSet { inputDidChange(askingPolicy: true) } }
  private var acceptedConfirmation = "" { didSet { inputDidChange() } }

  /// The new password's rows, then the confirmation's: Sign up's, in its order.
  public var requirements: [RequirementStatus] { rows.statuses }
  /// True when everything is filled in, every row is met, the new password is not the
  /// current one, and no change is under way.
  public private(set) var canSubmit = false
  /// True when everything is met or still being checked ("Hard to guess") and no change
  /// is under way: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool { !isChanging && firstWrongField(orChecking: false) == nil }
  /// True while the store checks the current password and stores the new one.
  public private(set) var isChanging = false
  /// True while a submission waits for the password policy's answer.
  public private(set) var isWaitingToSubmit = false
  /// Why the last attempt failed; cleared when the user types.
  public private(set) var message: String?
  /// True when the store refused the last attempt's login and current password (not when
  /// it could not answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// How hard the new password is to guess (advisory).
  public private(set) var strength: PasswordStrength?
  public private(set) var visitedFields: Set<ChangePasswordField> = []
  public private(set) var hasAttemptedSubmit = false
  /// The field whose last value was refused for being too long (it kept the value it had).
  public private(set) var refusedField: ChangePasswordField?
  /// Called with the result once the password is changed.
  @ObservationIgnored public var onChanged: (ChangedPassword) -> Void = { _ in }
  /// Called when the store refused the login and current password (which is cleared).
  @ObservationIgnored public var onRefused: () -> Void = {}
  /// Called when a submission that waited for the policy is refused by its answer.
  @ObservationIgnored public var onSubmissionRejected: (ChangePasswordField) -> Void = { _ in }

  @ObservationIgnored private let rows: NewPasswordRows
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
      scheduler: scheduler, delay: RegistrationViewModel.passwordCheckDelay)
    revalidate()
    rows.answered = { [weak self] in
      self?.revalidate()
      self?.finishWaitingSubmission()
    }
  }

  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { rows.estimatesStrength }

  /// The new password is the current one again (said under the button).
  public var isSameAsCurrent: Bool { !newPassword.isEmpty && newPassword == currentPassword }

  /// What the form says under the button: why the last attempt failed, else that the new
  /// password is the current one.
  public var notice: String? {
    message ?? (isSameAsCurrent ? strings.newPasswordSameAsCurrent : nil)
  }

  /// The rows under `field` (none under the login and the current password).
  public func requirements(for field: ChangePasswordField) -> [RequirementStatus] {
    field.rowsField.map(rows.statuses(for:)) ?? []
  }

  /// Whether `field` shows as an error: something in it is wrong (empty, an unmet row, the
  /// current password again) and the user has left it or tried to submit.
  public func showsError(for field: ChangePasswordField) -> Bool {
    (hasAttemptedSubmit || visitedFields.contains(field)) && isWrong(field, orChecking: false)
  }

  /// Records that the user moved away from `field`.
  public func leave(_ field: ChangePasswordField) {
    if !visitedFields.contains(field) { visitedFields.insert(field) }
  }

  /// What submitting leads to.
  public enum Submission: Hashable, Sendable {
    /// The store is asked (`onChanged` or a message follows).
    case started
    /// Something is missing or unmet: the form should go to this field.
    case rejected(firstUnmet: ChangePasswordField)
    /// Everything else is met and the policy is being asked; then it goes on.
    case waiting
    case busy
  }

  @discardableResult
  public func submit() -> Submission {
    if isChanging { return .busy }
    guard canSubmit else {
      if firstWrongField(orChecking: false) == nil {
        if !isWaitingToSubmit { isWaitingToSubmit = true }
        rows.askNow()
        return .waiting
      }
      if !hasAttemptedSubmit { hasAttemptedSubmit = true }
      return .rejected(firstUnmet: firstWrongField(orChecking: false) ?? .login)
    }
    if isWaitingToSubmit { isWaitingToSubmit = false }
    setChanging(true)
    message = nil
    credentialsRefused = false
    let (store, login, current, new) = (store, login, currentPassword, newPassword)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try store.changePassword(login: login, currentPassword: current, newPassword: new)
      }
    }) { [weak self] result in
      guard let self else { return }
      setChanging(false)
      switch result {
      case .success(let changed?):
        onChanged(changed)
      case .success(nil):
        credentialsRefused = true
        // Typed again; the login is usually right, the new password stays.
        currentPassword = ""
        message = strings.wrongCredentials
        onRefused()
      case .failure(.throttled(let seconds)):
        message = strings.tooManyAttempts(seconds)
      case .failure(let error):
        message = strings.cannotChangePassword(error.description(in: strings))
      }
    }
    return .started
  }

  public func appear() {
    rows.resume()
    revalidate()
  }

  /// Leaving forgets an old failure message and any question pending; what was typed stays.
  public func disappear() {
    rows.cancel()
    if isWaitingToSubmit { isWaitingToSubmit = false }
    if message != nil { message = nil }
  }

  // MARK: Inside

  /// Whether `field` is wrong now; a row still being checked counts only `orChecking`.
  private func isWrong(_ field: ChangePasswordField, orChecking: Bool) -> Bool {
    let rowsWrong = requirements(for: field).contains {
      $0.state == .unmet || (orChecking && $0.state == .checking)
    }
    switch field {
    case .login: return login.isEmpty
    case .currentPassword: return currentPassword.isEmpty
    case .newPassword: return rowsWrong || isSameAsCurrent
    case .confirmation: return rowsWrong
    }
  }

  private func firstWrongField(orChecking: Bool) -> ChangePasswordField? {
    ChangePasswordField.allCases.first { isWrong($0, orChecking: orChecking) }
  }

  private func setChanging(_ changing: Bool) {
    isChanging = changing
    updateCanSubmit()
  }

  private func accepts(_ value: String, for field: ChangePasswordField) -> Bool {
    let allowed = field.limit.allows(value)
    let refused = allowed ? (refusedField == field ? nil : refusedField) : field
    if refusedField != refused { refusedField = refused }
    return allowed
  }

  /// Typing makes an old message stale and calls off a submission that waited.
  private func inputDidChange(askingPolicy: Bool = false) {
    if askingPolicy {
      let estimate = rows.passwordChanged(password: newPassword, login: login)
      if strength != estimate { strength = estimate }
    }
    if message != nil && !isChanging { message = nil }
    if isWaitingToSubmit { isWaitingToSubmit = false }
    revalidate()
  }

  private func revalidate() {
    rows.revalidate(
      RegistrationInput(login: login, password: newPassword, confirmation: confirmation))
    updateCanSubmit()
  }

  private func updateCanSubmit() {
    let all = !isChanging && firstWrongField(orChecking: true) == nil
    if canSubmit != all { canSubmit = all }
  }

  /// The policy answered a submission that waited: go on, or say where to go.
  private func finishWaitingSubmission() {
    guard isWaitingToSubmit, !rows.isChecking else { return }
    isWaitingToSubmit = false
    if case .rejected(let field) = submit() { onSubmissionRejected(field) }
  }
}
