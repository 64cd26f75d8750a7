import Registration
import Widgets

extension SignUpScreen {
  /// The "SSH key" field, one row while nothing more is wanted (Sign up fits 24 rows): over
  /// SSH a box to use the key the person connected with (ticked at first), else a box to
  /// paste one. The field for a pasted `authorized_keys` line shows once the offer is
  /// declined or pasting chosen (at once when the site needs a key and none is offered);
  /// under it, only when there is something to say, what is wrong with the line, the
  /// warning for a private key the field dropped, or that the site needs a key.
  static func keyRows(_ key: SignUpKey, strings: Strings) -> VStack {
    VStack {
      if let offer = key.connectingOffer {
        Checkbox(offer, isOn: Binding(key, \.usesConnectingKey))
      } else if let offer = key.pasteOffer {
        Checkbox(offer, isOn: Binding(key, \.pastesLine))
      }
      FoldingTextField(
        label: strings.keyLabel, text: Binding(key, \.pasted), isShown: { key.showsPasteField }
      ).with { $0.showsError = { key.refusal != nil || key.privateKeyWarning } }
      SignUpKeyNotes(key)
    }
  }
}
