#if canImport(Glibc)
  import Glibc
#endif

/// A network of client addresses in CIDR form (`192.0.2.0/24`, `2001:db8::/32`, or one
/// address). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address, both in
/// the range and in what it is asked about.
public struct AddressRange: Hashable, Sendable, CustomStringConvertible {
  private let bytes: [UInt8]
  private let prefix: Int

  /// Nil when `text` is no address, or its prefix is longer than the address.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let bytes = Self.bytes(String(parts[0])) else { return nil }
    var prefix = bytes.count * 8
    if parts.count == 2 {
      guard let given = Int(parts[1]), given >= 0, parts[1].allSatisfy(\.isASCII) else {
        return nil
      }
      // A mapped range's prefix counts the 96 bits before the IPv4 address.
      let mapped = bytes.count == 4 && parts[0].contains(":")
      prefix = mapped ? given - 96 : given
      guard prefix >= 0, prefix <= bytes.count * 8 else { return nil }
    }
    self.bytes = bytes
    self.prefix = prefix
  }

  /// The network as written again: `192.0.2.0/24`.
  public var description: String {
    if bytes.count == 4 {
      return masked(bytes).map(String.init).joined(separator: ".") + "/\(prefix)"
    }
    var address = in6_addr()
    withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: masked(bytes)) }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(INET6_ADDRSTRLEN)) != nil else {
      return "?"
    }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + "/\(prefix)"
  }

  /// Whether `address` is in the network.
  public func contains(_ address: String) -> Bool {
    guard let other = Self.bytes(address), other.count == bytes.count else { return false }
    return masked(other) == masked(bytes)
  }

  private func masked(_ address: [UInt8]) -> [UInt8] {
    address.enumerated().map { index, byte in
      let bits = min(8, max(0, prefix - index * 8))
      return bits == 8 ? byte : byte & ~(0xFF >> UInt8(bits))
    }
  }

  /// 4 bytes for IPv4 (a mapped IPv6 address included), 16 for IPv6; a zone dropped.
  private static func bytes(_ text: String) -> [UInt8]? {
    guard !text.utf8.contains(0) else { return nil }
    let address = String(text.split(separator: "%", maxSplits: 1)[...].first ?? "")
    var v4 = in_addr()
    if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
    let bytes = withUnsafeBytes(of: &v6) { Array($0) }
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      return Array(bytes[12...])
    }
    return bytes
  }
}
