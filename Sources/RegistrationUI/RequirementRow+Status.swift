import Registration
import Widgets

extension RequirementRow {
  /// A row that shows `status`: struck through once met, pending while being checked, an
  /// error while unmet once `showsError` says so (the user left the field, or submitted).
  convenience init(_ status: RequirementStatus, showsError: @escaping () -> Bool) {
    self.init({ status.displayText }) {
      switch status.state {
      case .met: .met
      case .checking: .pending
      case .unmet: showsError() ? .failed : .unmet
      }
    }
  }
}
