import Registration
import Widgets

extension SecureField {
  /// A secure field labelled `label`, with the reveal toggle in the screen's language.
  convenience init(label: String, text: Binding<String>, strings: Strings) {
    self.init(label: label, text: text, showTitle: strings.show, hideTitle: strings.hide)
  }
}
