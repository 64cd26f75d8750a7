import Observation

/// The Reset password form without a screen: the login, the one-time code from
/// `register admin reset`, and a new password with exactly Sign up's rows and strength,
/// confirmed. The store checks the code as Sign in checks a password (throttled, one use,
/// 24 hours); a wrong, used or expired code is one message that never says which.
@Observable
public final class ResetPasswordViewModel: NewPasswordModel {
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
  /// What the form tells the application: reset, refused, go to a field.
  public let events = Events<Event>()
  /// True when the store refused the last attempt's login and code (not when it could not
  /// answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// The shared part: the inputs, their rows, the strength, the phase.
  public let newPasswordForm: NewPasswordForm<ResetPasswordField>
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
    newPasswordForm = NewPasswordForm(
      strings: strings, policy: passwordPolicy, estimator: strengthEstimator, scheduler: scheduler
    )
    // The policy answered a submission that waited: it goes on.
    newPasswordForm.answered = { [weak self] in self?.submit() }
  }

  // MARK: What the form shows

  /// True while the store checks the code and stores the new password.
  public var isResetting: Bool { form.phase == .submitting }

  /// Nothing is wrong with a field that its rows do not say.
  public func problem(with field: ResetPasswordField) -> String? { nil }

  // MARK: What the person does

  @discardableResult
  public func submit() -> Submission<ResetPasswordField> {
    let submission = newPasswordForm.submit()
    switch submission {
    case .started: reset()
    case .rejected(let field): events.send(.rejected(field))
    case .waiting, .busy: break
    }
    return submission
  }

  public static func passwordSet(by event: Event) -> ChangedPassword? {
    if case .reset(let password) = event { password } else { nil }
  }

  // MARK: Inside

  private func reset() {
    credentialsRefused = false
    let (store, login, code, new) = (store, login, code, newPassword)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try store.redeemResetCode(login: login, code: code, newPassword: new)
      }
    }) { [weak self] result in
      guard let self else { return }
      let answer = newPasswordForm.finish(
        credentials: result, clearing: .code, wrong: strings.wrongResetCode,
        cannot: strings.cannotResetPassword, strings: strings)
      credentialsRefused = answer.refusesCredentials
      switch answer {
      case .accepted(let changed): events.send(.reset(changed))
      case .refused: events.send(.refused)
      case .unanswered: break
      }
    }
  }
}
