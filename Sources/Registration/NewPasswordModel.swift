/// A view model that sets a new password once the person has proved who they are (Change
/// password, Reset password), as a front end drives it field by field.
public protocol NewPasswordModel: ScreenModel {
  associatedtype Field: NewPasswordFormField
  associatedtype Event
  /// The shared part: the inputs, their rows, the strength, the phase.
  var newPasswordForm: NewPasswordForm<Field> { get }
  /// True when the store refused the last attempt's login and proof.
  var credentialsRefused: Bool { get }
  /// What the form tells the application.
  var events: Events<Event> { get }
  /// What is wrong with `field` that its rows do not say (the current password again).
  func problem(with field: Field) -> String?
  /// Submits: asks the store when everything is met.
  @discardableResult func submit() -> Submission<Field>
  /// The password set, if `event` says it was.
  static func passwordSet(by event: Event) -> ChangedPassword?
}

extension NewPasswordModel {
  /// The value of `field`, for a form that makes its fields in a loop. A value longer than
  /// its field's limit is refused, as on the other forms (`refusedField`).
  public subscript(field: Field) -> String {
    get { newPasswordForm[field] }
    set { newPasswordForm.take(newValue, for: field) }
  }

  /// The inputs, the phase of the submission and why the last attempt failed.
  public var form: Form<Field> { newPasswordForm.form }
  /// How hard the new password is to guess (advisory).
  public var strength: PasswordStrength? { newPasswordForm.strength }
  /// The new password's rows, then the confirmation's: Sign up's, in its order.
  public var requirements: [RequirementStatus] { newPasswordForm.requirements }
  /// True when everything is filled in, every row is met and nothing is under way.
  public var canSubmit: Bool { form.canSubmit }
  /// True when everything is met or still being checked ("Hard to guess") and nothing is
  /// under way: submitting goes ahead, at once or when the check answers.
  public var isReadyToSubmit: Bool { newPasswordForm.isReadyToSubmit }
  /// True while a submission waits for the password policy's answer.
  public var isWaitingToSubmit: Bool { form.phase == .waitingForChecks }
  /// Why the last attempt failed; cleared when the person types.
  public var message: String? { form.message }
  public var visitedFields: Set<Field> { form.visitedFields }
  public var hasAttemptedSubmit: Bool { form.hasAttemptedSubmit }
  /// The field whose last value was refused for being too long (it kept the value it had).
  public var refusedField: Field? { form.refusedField }
  /// Whether the form shows a strength meter.
  public var estimatesStrength: Bool { newPasswordForm.estimatesStrength }
  /// What a submission waits for, in the row's words.
  public var checkingText: String { newPasswordForm.checkingText }

  /// The rows under `field` (none under the login and what proves the person).
  public func requirements(for field: Field) -> [RequirementStatus] {
    newPasswordForm.requirements(for: field)
  }

  /// Whether `field` shows as an error: something in it is wrong (empty, an unmet row, what
  /// `problem(with:)` says) and the person has left it or tried to submit.
  public func showsError(for field: Field) -> Bool { newPasswordForm.showsError(for: field) }

  /// Records that the person moved away from `field`.
  public func leave(_ field: Field) { form.leave(field) }

  public func appear() { newPasswordForm.appear() }

  /// Leaving forgets an old failure message and any question pending; what was typed stays.
  public func disappear() { newPasswordForm.disappear() }
}
