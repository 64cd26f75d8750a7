/// The key types a pasted or connecting key may have: the ones OpenSSH 9 accepts by default
/// for user authentication (ssh-dss went in 9.0's defaults; certificates are not keys).
public enum SSHKeyType: String, Sendable, Hashable, CaseIterable {
  case ed25519 = "ssh-ed25519"
  case ecdsaP256 = "ecdsa-sha2-nistp256"
  case ecdsaP384 = "ecdsa-sha2-nistp384"
  case ecdsaP521 = "ecdsa-sha2-nistp521"
  case securityKeyEd25519 = "sk-ssh-ed25519@openssh.com"
  case securityKeyECDSAP256 = "sk-ecdsa-sha2-nistp256@openssh.com"
  case rsa = "ssh-rsa"

  /// The name as it appears in `authorized_keys` and on the wire.
  public var name: String { rawValue }

  /// The name `ssh-keygen -l` shows in brackets: ED25519, ECDSA, RSA, ED25519-SK, ECDSA-SK.
  public var displayName: String {
    switch self {
    case .ed25519: "ED25519"
    case .ecdsaP256, .ecdsaP384, .ecdsaP521: "ECDSA"
    case .securityKeyEd25519: "ED25519-SK"
    case .securityKeyECDSAP256: "ECDSA-SK"
    case .rsa: "RSA"
    }
  }

  /// For ECDSA: the curve's name inside the blob and the length of an uncompressed point
  /// (0x04, then x and y).
  var curve: (name: String, pointLength: Int)? {
    switch self {
    case .ecdsaP256, .securityKeyECDSAP256: ("nistp256", 65)
    case .ecdsaP384: ("nistp384", 97)
    case .ecdsaP521: ("nistp521", 133)
    case .ed25519, .securityKeyEd25519, .rsa: nil
    }
  }

  /// The bits `ssh-keygen -l` prints for a type whose size is fixed.
  var fixedBits: Int? {
    switch self {
    case .ed25519, .securityKeyEd25519, .ecdsaP256, .securityKeyECDSAP256: 256
    case .ecdsaP384: 384
    case .ecdsaP521: 521
    case .rsa: nil
    }
  }

  var isSecurityKey: Bool { self == .securityKeyEd25519 || self == .securityKeyECDSAP256 }

  /// Types people have that are refused, by name: DSA (off by default since OpenSSH 7.0,
  /// gone in 9.8) and the certificates of every type, which are not keys one stores. Only
  /// these names ever travel in a refusal: never text taken from the input.
  public static let refusedNames: [String] =
    ["ssh-dss"]
    + [
      "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
      "sk-ssh-ed25519", "sk-ecdsa-sha2-nistp256", "ssh-rsa", "ssh-dss",
    ].map { "\($0)-cert-v01@openssh.com" }
}
