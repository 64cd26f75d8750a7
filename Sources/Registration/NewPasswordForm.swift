import Observation

/// The fields of a form that sets a new password: the login, what proves the person (the
/// current password, a one-time code), then the new password and its confirmation.
public protocol NewPasswordFormField: CaseIterable, Hashable, Sendable {
  static var login: Self { get }
  /// What proves the person: typed again when the store refuses it.
  static var proof: Self { get }
  static var newPassword: Self { get }
  static var confirmation: Self { get }
  /// What it is called on the form and in the dialogue.
  func label(_ strings: Strings) -> String
  /// Its longest value.
  var limit: FieldLimit { get }
  /// The Sign up field whose rows it shows (nil: none, it is only to be filled in).
  var rowsField: RegistrationField? { get }
}

/// A new password with its confirmation, after a login and what proves the person: the one
/// life that Change password and Reset password share. The new password has exactly Sign
/// up's rows and strength ("Hard to guess" asked after a pause), the confirmation "Matches
/// the password"; a field without rows is wrong while empty. The submission waits for the
/// policy, and goes on through `answered` when it has answered. Its owners show it through
/// `NewPasswordModel`.
public final class NewPasswordForm<Field: NewPasswordFormField> {
  /// The inputs, the phase of the submission and why the last attempt failed.
  let form = Form<Field>(limits: \.limit)
  private let strengthState = NewPasswordStrength()
  private var rows: NewPasswordRows!
  /// What else makes a field wrong (Change password: the new password is the current one).
  private let alsoWrong: (Form<Field>, Field) -> Bool
  /// Called when the policy's answer lets a waiting submission go on: the owner submits
  /// again.
  var answered: () -> Void = {}

  init(
    strings: Strings, policy: (any PasswordPolicy)?, estimator: (any StrengthEstimator)?,
    scheduler: any Scheduler, alsoWrong: @escaping (Form<Field>, Field) -> Bool = { _, _ in false }
  ) {
    self.alsoWrong = alsoWrong
    rows = NewPasswordRows(
      strings: strings, policy: policy, estimator: estimator, scheduler: scheduler
    ) { [weak self] in self?.policyAnswered() }
    revalidate()
  }

  // MARK: What the form shows

  subscript(field: Field) -> String { form[field] }

  /// How hard the new password is to guess (advisory); observable.
  var strength: PasswordStrength? { strengthState.value }
  /// The new password's rows, then the confirmation's: Sign up's, in its order.
  var requirements: [RequirementStatus] { rows.statuses }
  var estimatesStrength: Bool { rows.estimatesStrength }
  var isReadyToSubmit: Bool { form.isReady(standing) }

  /// What a submission waits for, in the row's words.
  var checkingText: String {
    requirements.first { $0.state == .checking }?.requirement.checkingText ?? ""
  }

  /// The rows under `field` (none under the login and what proves the person).
  func requirements(for field: Field) -> [RequirementStatus] {
    field.rowsField.map(rows.statuses(for:)) ?? []
  }

  /// Whether `field` shows as an error: it is wrong and the person has left it or tried to
  /// submit.
  func showsError(for field: Field) -> Bool {
    form.showsError(for: field) { isWrong(field) }
  }

  // MARK: What the person does

  /// Takes `value` for `field` within its limit, and decides again.
  func take(_ value: String, for field: Field) {
    guard form.take(value, for: field) else { return }
    // The policy compares the new password with the login: both changes ask it again.
    if field == .login || field == .newPassword {
      let strength = rows.passwordChanged(password: form[.newPassword], login: form[.login])
      strengthState.assign(strength, to: \.value)
    }
    form.inputChanged()
    revalidate()
  }

  /// Submits: `.started` means the owner asks the store now; a submission that waits asks
  /// the policy at once.
  func submit() -> Submission<Field> {
    let submission = form.submit(standing)
    if submission == .waiting { rows.askNow() }
    return submission
  }

  func appear() {
    rows.resume()
    revalidate()
  }

  /// Leaving forgets an old failure message and any question pending; what was typed stays.
  func disappear() {
    rows.cancel()
    form.stopWaiting()
    form.say(nil)
  }

  /// The store answered the login and what proves the person (see
  /// `Form.finish(credentials:)`); refused, `proof` is cleared to be typed again.
  func finish<Value>(
    credentials result: Result<Value?, AccountStoreError>, clearing proof: Field,
    wrong: String, cannot: (String) -> String, strings: Strings
  ) -> CredentialsAnswer<Value> {
    form.finish(
      credentials: result, wrong: wrong, cannot: cannot, strings: strings,
      clear: { take("", for: proof) }, standing)
  }

  // MARK: Inside

  /// Wrong is unmet; a row still being checked is checking.
  private func standing(of field: Field) -> FieldStanding {
    if isWrong(field) { return .unmet }
    return requirements(for: field).contains { $0.state == .checking } ? .checking : .met
  }

  /// Whether `field` is wrong now (a row still being checked is not): reads no more than
  /// decides, since a drawing that asks watches what it read.
  private func isWrong(_ field: Field) -> Bool {
    if field.rowsField == nil { return form[field].isEmpty || alsoWrong(form, field) }
    return requirements(for: field).contains { $0.state == .unmet } || alsoWrong(form, field)
  }

  private func revalidate() {
    rows.revalidate(
      RegistrationInput(
        login: form[.login], password: form[.newPassword], confirmation: form[.confirmation]))
    form.refresh(standing)
  }

  /// The policy answered: decide again, and a submission that waited goes on.
  private func policyAnswered() {
    revalidate()
    if form.checksAnswered(standing) { answered() }
  }
}

/// The new password's strength, observable on its own (not in a generic class: a key path
/// into one is made anew at every read).
@Observable
final class NewPasswordStrength {
  var value: PasswordStrength?
}
