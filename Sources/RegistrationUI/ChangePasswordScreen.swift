import Registration
import Widgets

/// Change password: the login and current password, the new password with Sign up's rows
/// and meter, its confirmation, the button and a message line. Public toolkit API only.
public final class ChangePasswordScreen {
  public private(set) var root = VStack()
  public let fields: [ChangePasswordField: TextField]
  /// Called to move the keyboard focus (to the first field that needs something).
  public var onFocusRequest: (View) -> Void = { _ in }
  /// A word about the session as a whole (closing for want of input), under the button.
  public var sessionNotice: () -> String? = { nil }

  public init(viewModel model: ChangePasswordViewModel, strings: Strings = .english) {
    fields = Dictionary(
      uniqueKeysWithValues: ChangePasswordField.allCases.map { field in
        let (label, text) = (field.label(strings), Binding(model, \.[field]))
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
    let submit = { [unowned self] in
      if case .rejected(let field) = model.submit() { onFocusRequest(fields[field]!) }
    }
    root = VStack(spacing: 1, padding: VStack.Insets(left: 2, right: 2)) {
      Label(strings.changePasswordTitle, alignment: .center, style: { $0.title })
      for field in ChangePasswordField.allCases {
        VStack {
          fields[field]!
          model.requirements(for: field).map { RequirementRow($0) { model.showsError(for: field) } }
        }
      }
      submitArea(
        button, busy: { model.isChanging || model.isWaitingToSubmit },
        busyText: model.isChanging ? strings.changingPassword : strings.checkingPassword + "…",
        message: { [unowned self] in sessionNotice() ?? model.notice },
        isHint: { [unowned self] in
          sessionNotice() == nil && model.message == nil && !model.showsError(for: .newPassword)
        }, submit: submit)
    }
    root.minimumContentWidth = TextWidth.columns(of: "[ \(strings.changePasswordButton) ]")
    fields[.confirmation]!.onSubmit = { model.isReadyToSubmit ? (submit(), true).1 : false }
    model.onRefused = { [unowned self] in onFocusRequest(fields[.currentPassword]!) }
    model.onSubmissionRejected = { [unowned self] in onFocusRequest(fields[$0]!) }
  }

  /// The field a view is, if it is one of the form's.
  public func field(of view: View) -> ChangePasswordField? {
    fields.first { $0.value === view }?.key
  }
}
