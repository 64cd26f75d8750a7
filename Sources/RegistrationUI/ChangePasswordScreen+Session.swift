import Registration
import Widgets

// What each app that shows Change password (`ChangePasswordApp`, and `AccountApp` behind
// its button) sets up alike: written once here.

extension Application {
  /// As wide as the widest of `roots` (never under 45 columns of text), and what a terminal
  /// too small for that reads.
  func fitSession(to roots: [View], strings: Strings) {
    contentWidth = max(45 + 4, roots.map { $0.idealWidth(for: theme) }.max() ?? 0)
    tooSmallNotice = { strings.terminalTooSmall($0.width, $0.height) }
  }
}

extension ChangePasswordScreen {
  /// Joins `model` to the session on `application`: its events go to `send`, and a field
  /// the focus leaves is marked visited.
  func join(
    _ model: ChangePasswordViewModel, to application: Application,
    send: @escaping (SessionEvent) -> Void
  ) {
    model.events.listen { send(.changePassword($0)) }
    application.onFocusLeave = { [weak self] view in
      if let field = self?.field(of: view) { model.leave(field) }
    }
  }

  /// Focuses the field a session step names, when it names one of this screen's.
  func focus(for step: SessionFlow.Step, in application: Application) {
    if case .changePassword(let field)? = step.focus { application.focus(fields[field]!) }
  }
}
