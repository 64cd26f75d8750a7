/// A ban: a glob over logins' identity keys, or a network of client addresses.
public struct Ban: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case login, address
  }

  public let kind: Kind
  /// The glob (`*`, `?`, `[...]`) or the CIDR (`192.0.2.0/24`, `2001:db8::/32`) as stored.
  public let pattern: String
  /// ISO 8601 in UTC.
  public let createdAt: String
  /// The admin who set it.
  public let by: String?

  public init(kind: Kind, pattern: String, createdAt: String, by: String?) {
    self.kind = kind
    self.pattern = pattern
    self.createdAt = createdAt
    self.by = by
  }

  /// Whether this ban covers the login with identity key `key`.
  public func covers(identityKey key: String) -> Bool {
    kind == .login && Glob(pattern).matches(key)
  }

  /// Whether this ban covers `address` (an IPv4-mapped IPv6 address counts as its IPv4).
  public func covers(address: String) -> Bool {
    guard kind == .address, let range = AddressRange(pattern) else { return false }
    return range.contains(address)
  }
}
