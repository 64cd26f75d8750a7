import Registration
import Widgets

// What Sign up shows, made from its model: requirement rows (Change password's too), the
// line under the button. Kept beside the screen, so that the screen reads as its layout.

extension RequirementRow {
  /// The row of a requirement of the model: its text (the checking text while the answer
  /// is awaited), struck through once met, an error once `showsError` says the user has
  /// been told. A login lookup's row also takes `offer` (Sign in instead?).
  convenience init(
    _ status: RequirementStatus, showsError: @escaping () -> Bool, offer: Offer? = nil
  ) {
    let isLookup = if case .loginIsFree = status.requirement.check { true } else { false }
    self.init({ status.displayText }, fitting: status.requirement.texts) {
      switch status.state {
      case .met: .met
      case .checking: .pending
      // The store's answer that says why ("This login is taken.") is an error at once;
      // the password policy's reason speaks for itself while the password is typed.
      case .unmet: showsError() || (isLookup && status.note != nil) ? .failed : .unmet
      }
    }
    if isLookup { self.offer = offer }
  }
}

extension Meter {
  /// The strength of the password being chosen on Sign up.
  static func strength(of viewModel: RegistrationViewModel, _ strings: Strings) -> Meter {
    .strength({ viewModel.strength }, strings: strings)
  }
}

extension RegistrationViewModel {
  /// What a submission waits for: the first check still under way, in its row's words.
  var checkingText: String {
    requirements.first { $0.state == .checking }?.requirement.checkingText ?? ""
  }

  /// The line under the button: what went wrong, or why the login is refused.
  func notice(_ strings: Strings) -> String? {
    message ?? addressLimitNotice ?? loginProblem.map(strings.loginProblem)
  }

  /// A refused login is only a hint (dimmed) while it is being typed; an error once the
  /// user has left the field or tried to sign up.
  var noticeIsHint: Bool {
    message == nil && addressLimitNotice == nil && !showsError(for: .login)
  }
}

extension Strings {
  /// The longest lines Sign up may show under its button (the limits of a public door
  /// over SSH among them): the form is made wide enough for them.
  var longestSignUpNotices: [String] {
    [loginTakenMeanwhile, addressLimitReached(3), idleWarning(60), idleWarning(30)]
  }
}
