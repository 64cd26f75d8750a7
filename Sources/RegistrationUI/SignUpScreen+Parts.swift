import Registration
import Widgets

// What Sign up shows, made from its model: what a submission waits for, the line under the
// button. Kept beside the screen, so that the screen reads as its layout.

extension Meter {
  /// The strength of the password being chosen on Sign up (one line on the screen).
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
