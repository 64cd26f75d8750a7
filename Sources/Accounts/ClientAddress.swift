#if canImport(Glibc)
  import Glibc
#endif

/// A client's IP address in one spelling, so that one client counts as one: parsed and
/// written again by the C library (`2001:DB8::1` and `2001:db8:0::1` are `2001:db8::1`),
/// an IPv4-mapped IPv6 address as its IPv4 address (`::ffff:192.0.2.1` is `192.0.2.1`),
/// a zone (`%eth0`) dropped. An IPv6 client has a whole /64 to itself: the per-address
/// limit counts `network`, which is that /64.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
  /// The address as written by `inet_ntop`.
  public let text: String
  /// What a per-address limit counts: the IPv4 address, or the IPv6 address's /64
  /// (`2001:db8:1:2::/64`).
  public let network: String

  /// Nil when `given` is not an IPv4 or IPv6 address.
  public init?(_ given: String) {
    guard !given.utf8.contains(0) else { return nil }
    // A zone says which interface of this host, not who the client is.
    let address = given.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
    var v4 = in_addr()
    if inet_pton(AF_INET, String(address), &v4) == 1 {
      guard let text = Self.write(AF_INET, &v4, INET_ADDRSTRLEN) else { return nil }
      (self.text, network) = (text, text)
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, String(address), &v6) == 1 else { return nil }
    var bytes = withUnsafeBytes(of: &v6) { Array($0) }
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      guard let mapped = Self("\(bytes[12]).\(bytes[13]).\(bytes[14]).\(bytes[15])") else {
        return nil
      }
      self = mapped
      return
    }
    guard let text = Self.write(AF_INET6, &v6, INET6_ADDRSTRLEN) else { return nil }
    for index in 8..<16 { bytes[index] = 0 }
    var prefix = in6_addr()
    withUnsafeMutableBytes(of: &prefix) { $0.copyBytes(from: bytes) }
    guard let network = Self.write(AF_INET6, &prefix, INET6_ADDRSTRLEN) else { return nil }
    (self.text, self.network) = (text, network + "/64")
  }

  public var description: String { text }

  private static func write<Address>(_ family: Int32, _ address: inout Address, _ size: Int32)
    -> String?
  {
    var buffer = [CChar](repeating: 0, count: Int(size))
    guard inet_ntop(family, &address, &buffer, socklen_t(size)) != nil else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}
