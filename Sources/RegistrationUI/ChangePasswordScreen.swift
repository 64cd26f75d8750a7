import Registration
import Widgets

/// Change password: the login and current password, the new password with Sign up's rows
/// and meter, its confirmation, the button and a message line. Public toolkit API only.
public final class ChangePasswordScreen {
  public private(set) var root = VStack()
  public let fields: [ChangePasswordField: TextField]

  /// `sessionNotice` is a word about the session as a whole (closing for want of input),
  /// shown under the button before anything else.
  public init(
    viewModel model: ChangePasswordViewModel, strings: Strings = .english,
    sessionNotice: @escaping () -> String? = { nil }
  ) {
    fields = Dictionary(
      uniqueKeysWithValues: ChangePasswordField.allCases.map { field in
        let (label, text) = (
          field.label(strings), Binding(get: { model[field] }, set: { model[field] = $0 })
        )
        let view =
          field == .login
          ? TextField(label: label, text: text)
          : SecureField(label: label, text: text, strings: strings)
        view.limit(to: field.limit, strings: strings)
        view.showsError = { model.showsError(for: field) }
        return (field, view)
      })
    if model.estimatesStrength {
      fields[.newPassword]!.meter = .strength({ model.strength }, strings: strings)
    }
    let button = Button(strings.changePasswordButton, isEnabled: { model.canSubmit }, action: {})
    let submit = { _ = model.submit() }
    root = VStack(spacing: 1, padding: VStack.Insets(left: 2, right: 2)) {
      Label(strings.changePasswordTitle, alignment: .center, style: { $0.title })
      for field in ChangePasswordField.allCases {
        VStack {
          fields[field]!
          for status in model.requirements(for: field) {
            RequirementRow(status, strings: strings) { model.showsError(for: field) }
          }
        }
      }
      submitArea(
        button, busy: { model.isChanging || model.isWaitingToSubmit },
        busyText: model.isChanging ? strings.changingPassword : model.checkingText + "…",
        message: { sessionNotice() ?? model.notice },
        isHint: { sessionNotice() == nil && model.noticeIsHint }, submit: submit)
    }
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.changePasswordButton) ]")
    // Enter in the last field changes the password when everything is met (or being checked).
    fields[.confirmation]!.onSubmit = {
      guard model.isReadyToSubmit else { return false }
      submit()
      return true
    }
  }

  /// The field a view is, if it is one of the form's.
  public func field(of view: View) -> ChangePasswordField? {
    fields.first { $0.value === view }?.key
  }
}
