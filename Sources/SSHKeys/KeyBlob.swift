/// The checks on a key's blob (its wire format, RFC 4253, 5656, 8709 and OpenSSH's
/// PROTOCOL.u2f), and the bits `ssh-keygen -l` counts.
enum KeyBlob {
  /// The largest RSA modulus OpenSSH takes (SSH_RSA_MAXIMUM_MODULUS_SIZE).
  static let largestRSABits = 16384
  static let smallestRSABits = 2048
  /// A security key's application string ("ssh:" by default), bounded.
  static let longestApplication = 256

  /// The key's size in bits, or why `blob` is not a key of `type`.
  static func bits(of blob: [UInt8], as type: SSHKeyType) -> Result<Int, SSHKeyRefusal> {
    var reader = WireReader(blob)
    guard reader.name() == type.name else { return .failure(.damaged) }
    let bits: Int
    switch type {
    case .ed25519, .securityKeyEd25519:
      guard reader.string()?.count == 32 else { return .failure(.damaged) }
      bits = 256
    case .ecdsaP256, .ecdsaP384, .ecdsaP521, .securityKeyECDSAP256:
      guard let curve = type.curve, reader.name() == curve.name,
        let point = reader.string(), point.count == curve.pointLength, point.first == 0x04
      else { return .failure(.damaged) }
      bits = type.fixedBits ?? 0
    case .rsa:
      guard let exponent = reader.positiveInteger(), let modulus = reader.positiveInteger()
      else { return .failure(.damaged) }
      // e odd, at least 3, at most 64 bits (what OpenSSL takes); n odd.
      guard exponent.count <= 8, exponent.last! & 1 == 1,
        exponent.count > 1 || exponent.first! >= 3,
        modulus.last! & 1 == 1
      else { return .failure(.damaged) }
      bits = (modulus.count - 1) * 8 + (8 - modulus.first!.leadingZeroBitCount)
    }
    if type.isSecurityKey {
      guard let application = reader.name(), application.utf8.count <= longestApplication
      else { return .failure(.damaged) }
    }
    guard reader.isAtEnd else { return .failure(.damaged) }
    if type == .rsa {
      if bits < smallestRSABits { return .failure(.rsaTooShort(bits: bits)) }
      if bits > largestRSABits { return .failure(.tooLong) }
    }
    return .success(bits)
  }
}
