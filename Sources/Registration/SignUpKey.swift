import Observation
import SSHKeys

/// The "SSH key" field of Sign up without a screen: over SSH the key the person connected
/// with is offered; otherwise (or instead) one pasted `authorized_keys` line, checked as it
/// is typed. A pasted private key is never kept: the field drops it and says so.
@Observable
public final class SignUpKey {
  /// Whether the site asks for a key (`keys = optional|required`; `off` has no field).
  public enum Need: Hashable, Sendable {
    case optional
    case required
  }

  public let need: Need
  /// The key the SSH session authenticated with, if any: offered first.
  public let connecting: SSHPublicKey?
  /// True when the connecting key is the one to sign up with (the pasted line is not used).
  public var usesConnectingKey: Bool
  /// With no key offered and the key optional: whether the person chose to paste one (the
  /// form shows the field only then, so that it fits 24 rows). Set back, it drops the
  /// line: a hidden line neither blocks Create account nor signs up with a key.
  public var pastesLine: Bool {
    didSet { if !pastesLine { pastedText = "" } }
  }
  /// The pasted line, at most `SSHPublicKey.longestLine` bytes: a longer paste is not
  /// taken (the line stays as it was) and says so. A private key is refused as it
  /// arrives: the field is left empty.
  public var pasted: String {
    get { pastedText }
    set {
      if Self.isPrivateKey(newValue) {
        pastedText = ""
        privateKeyWarning = true
        tooLongWarning = false
      } else if newValue.utf8.count > SSHPublicKey.longestLine {
        tooLongWarning = true
      } else {
        pastedText = newValue
        tooLongWarning = false
        if !newValue.isEmpty { privateKeyWarning = false }
      }
    }
  }
  /// True after a private key was dropped from the field, until something else is pasted.
  public private(set) var privateKeyWarning = false
  /// True after a paste too long for a key was not taken, until another is.
  public private(set) var tooLongWarning = false

  @ObservationIgnored private let strings: Strings
  private var pastedText = ""

  public init(need: Need, connecting: SSHPublicKey?, strings: Strings = .english) {
    self.need = need
    self.connecting = connecting
    self.strings = strings
    usesConnectingKey = connecting != nil
    pastesLine = need == .required
  }

  /// "Use key: ED25519 SHA256:…", when there is one.
  public var connectingOffer: String? { connecting.map { strings.useConnectingKey($0.label) } }

  /// "Paste an SSH key", when no key is offered and the key is optional: the field for a
  /// line is shown once it is ticked (a site that needs a key shows it at once).
  public var pasteOffer: String? {
    connecting == nil && need == .optional ? strings.pasteKeyOffer : nil
  }

  /// Whether the field for a pasted line is shown: the offer declined, or no offer and
  /// pasting chosen (or needed).
  public var showsPasteField: Bool { connecting == nil ? pastesLine : !usesConnectingKey }

  /// The key the account is made with, if the field holds one.
  public var key: SSHPublicKey? {
    if usesConnectingKey, let connecting { return connecting }
    return try? SSHPublicKey(line: pastedText)
  }

  /// Why the pasted line is not a key (nil when it is one, or is empty, or is not used).
  public var refusal: SSHKeyRefusal? {
    guard !(usesConnectingKey && connecting != nil), !pastedText.isEmpty else { return nil }
    do {
      _ = try SSHPublicKey(line: pastedText)
      return nil
    } catch {
      return error == .empty ? nil : error
    }
  }

  /// The rows under the field, in words: the plain warning, what is wrong with the line,
  /// or that this site needs a key.
  public var rows: [String] {
    var rows: [String] = []
    if privateKeyWarning { rows.append(strings.privateKeyDropped) }
    if tooLongWarning { rows.append(strings.keyRefusal(.tooLong)) }
    if let refusal { rows.append(strings.keyRefusal(refusal)) }
    if need == .required, key == nil, refusal == nil { rows.append(strings.keyRequired) }
    return rows
  }

  /// True when the form may be submitted as far as the key goes: a key, or (optional) an
  /// empty field. A line that is not a key blocks: it would be dropped unseen otherwise.
  public var isMet: Bool {
    if key != nil { return true }
    return need == .optional && refusal == nil
  }

  /// What the sign-up stores: the key without its comment's controls, as `AccountKey`.
  public var accountKeys: [AccountKey] {
    guard let key else { return [] }
    return [
      AccountKey(
        type: key.type.name, base64: key.base64, comment: key.comment,
        fingerprint: key.fingerprint)
    ]
  }

  /// A private key's marks anywhere in the paste (SSHKeys looks for them first).
  private static func isPrivateKey(_ text: String) -> Bool {
    do {
      _ = try SSHPublicKey(line: text)
      return false
    } catch {
      return error == .privateKey
    }
  }
}
