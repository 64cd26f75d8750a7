import Observation

/// The Change password form without a screen: the login and current password, checked by
/// the store as a sign-in is (a wrong one is a failed sign-in for the throttle), and a new
/// password with exactly Sign up's rows and strength, confirmed. A new password equal to
/// the current one is refused before the store is asked.
@Observable
public final class ChangePasswordViewModel: NewPasswordModel {
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
  /// What the form tells the application: changed, refused, go to a field.
  public let events = Events<Event>()
  /// True when the store refused the last attempt's login and current password (not when
  /// it could not answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// The shared part: the inputs, their rows, the strength, the phase.
  public let newPasswordForm: NewPasswordForm<ChangePasswordField>
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
    newPasswordForm = NewPasswordForm(
      strings: strings, policy: passwordPolicy, estimator: strengthEstimator,
      scheduler: scheduler, alsoWrong: Self.isSameAsCurrent
    )
    // The policy answered a submission that waited: it goes on.
    newPasswordForm.answered = { [weak self] in self?.submit() }
  }

  // MARK: What the form shows

  /// True while the store checks the current password and stores the new one.
  public var isChanging: Bool { form.phase == .submitting }

  /// The new password is the current one again (said under the button).
  public var isSameAsCurrent: Bool { Self.isSameAsCurrent(form, .newPassword) }

  /// What the form says under the button: why the last attempt failed, else that the new
  /// password is the current one.
  public var notice: String? {
    message ?? (isSameAsCurrent ? strings.newPasswordSameAsCurrent : nil)
  }

  /// What is wrong with `field` that its rows do not say: the new password is the current
  /// one.
  public func problem(with field: ChangePasswordField) -> String? {
    field == .newPassword && isSameAsCurrent ? strings.newPasswordSameAsCurrent : nil
  }

  /// The notice is only a hint (dimmed) until the new password shows as an error.
  public var noticeIsHint: Bool { message == nil && !showsError(for: .newPassword) }

  // MARK: What the person does

  @discardableResult
  public func submit() -> Submission<ChangePasswordField> {
    let submission = newPasswordForm.submit()
    switch submission {
    case .started: change()
    case .rejected(let field): events.send(.rejected(field))
    case .waiting, .busy: break
    }
    return submission
  }

  public static func passwordSet(by event: Event) -> ChangedPassword? {
    if case .changed(let password) = event { password } else { nil }
  }

  // MARK: Inside

  /// The new password is the current one again: wrong, as the new password.
  private static func isSameAsCurrent(
    _ form: Form<ChangePasswordField>, _ field: ChangePasswordField
  ) -> Bool {
    field == .newPassword && !form[.newPassword].isEmpty
      && form[.newPassword] == form[.currentPassword]
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
      let answer = newPasswordForm.finish(
        credentials: result, clearing: .currentPassword, wrong: strings.wrongCredentials,
        cannot: strings.cannotChangePassword, strings: strings)
      credentialsRefused = answer.refusesCredentials
      switch answer {
      case .accepted(let changed): events.send(.changed(changed))
      case .refused: events.send(.refused)
      case .unanswered: break
      }
    }
  }
}
