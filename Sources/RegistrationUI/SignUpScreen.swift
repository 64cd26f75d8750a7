import Registration
import Terminal
import Widgets

/// The Sign up screen: title, the three fields with their requirement rows, the Sign up
/// button with a message line, and the Sign in link, bound to a `RegistrationViewModel`.
public final class SignUpScreen {
  public let root: VStack
  public let loginField: TextField
  public let passwordField: SecureField
  public let confirmationField: SecureField
  public let submitButton: Button
  public let signInLink: Link
  private let viewModel: RegistrationViewModel
  private let fieldViews: [RegistrationField: TextField]

  /// Called when the user follows the Sign in link.
  public var onSignIn: () -> Void = {}
  /// Called to move the keyboard focus (to the first field with an unmet requirement).
  public var onFocusRequest: (View) -> Void = { _ in }

  /// The widest the form is laid out: a 45-column field and a margin of 2 on each side.
  public static let width = 49

  public init(viewModel: RegistrationViewModel, strings: Strings = .english) {
    self.viewModel = viewModel
    loginField = TextField(
      label: strings.loginLabel,
      text: Binding(get: { viewModel.login }, set: { viewModel.login = $0 }))
    passwordField = SecureField(
      label: strings.passwordLabel,
      text: Binding(get: { viewModel.password }, set: { viewModel.password = $0 }),
      showTitle: strings.show, hideTitle: strings.hide)
    confirmationField = SecureField(
      label: strings.confirmationLabel,
      text: Binding(get: { viewModel.confirmation }, set: { viewModel.confirmation = $0 }),
      showTitle: strings.show, hideTitle: strings.hide)
    fieldViews = [.login: loginField, .password: passwordField, .confirmation: confirmationField]
    submitButton = Button(strings.signUpButton, isEnabled: { viewModel.canSubmit }, action: {})
    signInLink = Link(strings.haveAccount, title: strings.signInLink, action: {})

    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2))
    root.add(Label(strings.signUpTitle, alignment: .center, style: { $0.title }))
    for field in RegistrationField.allCases {
      let group = VStack()
      let fieldView = fieldViews[field]!
      fieldView.showsError = { viewModel.showsError(for: field) }
      group.add(fieldView)
      for status in viewModel.requirements(for: field) {
        group.add(Self.row(for: status, field: field, viewModel: viewModel, strings: strings))
      }
      root.add(group)
    }
    let actions = VStack()
    actions.add(submitButton, alignment: .center)
    actions.add(
      Label(
        { viewModel.isCreating ? strings.creatingAccount : viewModel.message ?? "" },
        alignment: .center, style: { viewModel.isCreating ? $0.caption : $0.error }))
    root.add(actions)
    root.add(signInLink, alignment: .center)

    submitButton.action = { [unowned self] in submit() }
    submitButton.onDisabledActivation = { [unowned self] in submit() }
    signInLink.action = { [unowned self] in onSignIn() }
  }

  private static func row(
    for status: RequirementStatus, field: RegistrationField, viewModel: RegistrationViewModel,
    strings: Strings
  ) -> RequirementRow {
    RequirementRow(
      { status.state == .checking ? strings.checkingLogin : status.text },
      state: {
        switch status.state {
        case .met: .met
        case .checking: .pending
        case .unmet: viewModel.showsError(for: field) ? .failed : .unmet
        }
      })
  }

  /// The form field a view is, if it is one.
  public func field(of view: View) -> RegistrationField? {
    fieldViews.first { $0.value === view }?.key
  }

  public func view(for field: RegistrationField) -> TextField { fieldViews[field]! }

  private func submit() {
    if case .rejected(let field) = viewModel.submit() {
      onFocusRequest(view(for: field))
    }
  }
}
