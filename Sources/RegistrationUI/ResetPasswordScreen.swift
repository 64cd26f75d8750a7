import Registration
import Widgets

/// Reset password: the login, the one-time code (typed hidden, as a password is), the new
/// password with Sign up's rows and meter, its confirmation, the button and a message line.
/// Public toolkit API only.
public final class ResetPasswordScreen {
  public private(set) var root = VStack()
  public let fields: [ResetPasswordField: TextField]

  /// `sessionNotice` is a word about the session as a whole (closing for want of input),
  /// shown under the button before anything else.
  public init(
    viewModel model: ResetPasswordViewModel, strings: Strings = .english,
    sessionNotice: @escaping () -> String? = { nil }
  ) {
    fields = Dictionary(
      uniqueKeysWithValues: ResetPasswordField.allCases.map { field in
        let (label, text) = (
          field.label(strings), Binding(get: { model[field] }, set: { model[field] = $0 })
        )
        let view =
          field.isSecret
          ? SecureField(label: label, text: text, strings: strings)
          : TextField(label: label, text: text)
        view.limit(to: field.limit, strings: strings)
        view.showsError = { model.showsError(for: field) }
        return (field, view)
      })
    if model.estimatesStrength {
      fields[.newPassword]!.meter = .strength({ model.strength }, strings: strings)
    }
    let button = Button(strings.resetPasswordButton, isEnabled: { model.canSubmit }, action: {})
    let submit = { _ = model.submit() }
    root = VStack(spacing: 1, padding: VStack.Insets(left: 2, right: 2)) {
      Label(strings.resetPasswordTitle, alignment: .center, style: { $0.title })
      for field in ResetPasswordField.allCases {
        VStack {
          fields[field]!
          for status in model.requirements(for: field) {
            RequirementRow(status, strings: strings) { model.showsError(for: field) }
          }
        }
      }
      submitArea(
        button, busy: { model.isResetting || model.isWaitingToSubmit },
        busyText: model.isResetting ? strings.resettingPassword : model.checkingText + "…",
        message: { sessionNotice() ?? model.message }, fitting: [strings.wrongResetCode],
        submit: submit)
    }
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.resetPasswordButton) ]")
    // Enter in the last field sets the password when everything is met (or being checked).
    fields[.confirmation]!.onSubmit = {
      guard model.isReadyToSubmit else { return false }
      submit()
      return true
    }
  }

  /// The field a view is, if it is one of the form's.
  public func field(of view: View) -> ResetPasswordField? {
    fields.first { $0.value === view }?.key
  }
}
