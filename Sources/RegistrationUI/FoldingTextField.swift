import Widgets

/// A text field that takes no rows, and no focus, while `isShown` says it is not wanted:
/// a form that must fit 24 rows shows it only when the person asks for it. Its size and
/// its drawing read `isShown`, so the form is laid out again when the answer changes.
final class FoldingTextField: TextField {
  private let isShown: () -> Bool

  init(label: String, text: Binding<String>, isShown: @escaping () -> Bool) {
    self.isShown = isShown
    super.init(label: label, text: text)
  }

  override var acceptsFocus: Bool { isShown() && super.acceptsFocus }

  override func sizeThatFits(_ proposal: Size) -> Size {
    isShown() ? super.sizeThatFits(proposal) : Size(width: proposal.width, height: 0)
  }

  override func draw(in canvas: Canvas) {
    guard isShown() else { return }
    super.draw(in: canvas)
  }
}
