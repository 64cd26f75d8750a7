import Registration
import Widgets

extension RequirementRow {
  /// The row of a requirement of a model: its text (the checking text while the answer is
  /// awaited), struck through once met, an error once `showsError` says the person has been
  /// told, or at once when its answer's reason is one (`reasonIsError`). What the status
  /// offers (Sign in instead?) follows it, and `offer` performs it.
  convenience init(
    _ status: RequirementStatus, strings: Strings, showsError: @escaping () -> Bool,
    offer: @escaping (RequirementOffer) -> Void = { _ in }
  ) {
    self.init({ status.displayText }, fitting: status.requirement.texts) {
      switch status.state {
      case .met: .met
      case .checking: .pending
      case .unmet: showsError() || status.reasonIsError ? .failed : .unmet
      }
    }
    // Only a row answered remotely can offer anything.
    if status.requirement.remoteCheck != nil {
      self.offer = Offer(
        title: { status.offer?.title(strings) },
        action: { if let offered = status.offer { offer(offered) } })
    }
  }
}
