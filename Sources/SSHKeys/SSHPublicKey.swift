import Digest

/// One SSH public key, checked: a type OpenSSH 9 accepts by default, a blob whose wire
/// format is whole and matches that type, and the comment that came with it.
///
/// Made from one `authorized_keys` line (`init(line:)`) or from a type and base64 blob as
/// sshd reports them (`init(type:base64:)`). Equal keys have equal blobs; the comment is
/// not part of what a key is.
public struct SSHPublicKey: Sendable, Hashable, CustomStringConvertible {
  /// The longest line taken, in UTF-8 bytes: room for a 16384-bit RSA key and a comment.
  public static let longestLine = 8192
  /// The longest base64 blob taken (a 16384-bit RSA key needs 2,764 characters).
  public static let longestBase64 = 4096
  /// The longest comment kept, in UTF-8 bytes.
  public static let longestComment = 1024

  public let type: SSHKeyType
  /// The key in the SSH wire format, as decoded from its base64.
  public let blob: [UInt8]
  /// The size `ssh-keygen -l` prints: 256 for ed25519 and the 256-bit curves, 384, 521, or
  /// the RSA modulus's bits.
  public let bits: Int
  /// The comment as given (no control characters; it may hold anything else, so show it
  /// only through `displayComment`). Empty when there was none.
  public let comment: String

  /// Checks one `authorized_keys` line: `TYPE BASE64 [COMMENT]`, with spaces or tabs between
  /// and around them; line ends after it are ignored (a .pub file's own), not before more.
  public init(line: String) throws(SSHKeyRefusal) {
    let parsed = try AuthorizedKeysLine.parse(line.utf8)
    try self.init(type: parsed.type, base64: parsed.base64, comment: parsed.comment)
  }

  /// A key as sshd names it (`%t` and `%k`, or a line of `SSH_USER_AUTH`), with no comment.
  public init(type name: String, base64: String) throws(SSHKeyRefusal) {
    guard let type = SSHKeyType(rawValue: name) else {
      if SSHKeyType.refusedNames.contains(name) { throw .typeNotAccepted(name: name) }
      throw .notAKey
    }
    try self.init(type: type, base64: Array(base64.utf8), comment: "")
  }

  init(type: SSHKeyType, base64: [UInt8], comment: String) throws(SSHKeyRefusal) {
    guard base64.count <= Self.longestBase64 else { throw .tooLong }
    guard let blob = StrictBase64.decode(base64) else { throw .damaged }
    switch KeyBlob.bits(of: blob, as: type) {
    case .success(let bits): self.bits = bits
    case .failure(let refusal): throw refusal
    }
    guard comment.utf8.count <= Self.longestComment else { throw .tooLong }
    self.type = type
    self.blob = blob
    self.comment = comment
  }

  /// `SHA256:` and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it.
  public var fingerprint: String {
    var text = StrictBase64.encode(SHA256.digest(blob))
    while text.hasSuffix("=") { text.removeLast() }
    return "SHA256:" + text
  }

  /// ED25519, ECDSA, RSA, ED25519-SK or ECDSA-SK, as `ssh-keygen -l` shows the type.
  public var typeName: String { type.displayName }

  /// The blob in base64, canonical (the text the line had: only one text decodes to it).
  public var base64: String { StrictBase64.encode(blob) }

  /// `TYPE BASE64`: the key as `authorized_keys` (and `register keys`) writes it, with no
  /// comment, so nothing a person typed reaches sshd.
  public var authorizedKey: String { type.name + " " + base64 }

  /// The comment, escaped for showing: controls, bidirectional overrides and the like as
  /// `\u{XXXX}`, a backslash as `\\`.
  public var displayComment: String { DisplayEscaping.escaped(comment) }

  /// What the form shows: `ED25519 SHA256:…` (RSA with its bits: `RSA 3072 SHA256:…`).
  public var label: String {
    type == .rsa ? "\(typeName) \(bits) \(fingerprint)" : "\(typeName) \(fingerprint)"
  }

  /// The line `ssh-keygen -l` prints for this key, the comment escaped:
  /// `256 SHA256:… alice@laptop (ED25519)`.
  public var keygenLine: String {
    "\(bits) \(fingerprint) \(comment.isEmpty ? "no comment" : displayComment) (\(typeName))"
  }

  public var description: String { label }

  public static func == (left: SSHPublicKey, right: SSHPublicKey) -> Bool {
    left.blob == right.blob
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(blob) }
}
