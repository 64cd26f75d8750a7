import Registration
import Widgets

extension SignUpScreen {
  /// The "SSH key" field, right after Confirm password: over SSH a box to use the key the
  /// person connected with (ticked at first), and the field for a pasted `authorized_keys`
  /// line (used when the box is not ticked). Under the field, what is wrong with the line,
  /// the warning for a private key the field dropped, or that the site needs a key.
  static func keyRows(_ key: SignUpKey, strings: Strings) -> VStack {
    let pastedIsUsed = { !key.usesConnectingKey || key.connecting == nil }
    return VStack {
      if let offer = key.connectingOffer {
        Checkbox(offer, isOn: Binding(key, \.usesConnectingKey))
      }
      TextField(
        label: strings.keyLabel, text: Binding(key, \.pasted),
        caption: { key.rows.isEmpty ? nil : key.rows.joined(separator: "; ") }
      ).with {
        $0.isEnabled = pastedIsUsed
        $0.showsError = { key.refusal != nil || key.privateKeyWarning }
      }
    }
  }
}
