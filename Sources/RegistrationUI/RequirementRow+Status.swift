import Registration
import Widgets

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
