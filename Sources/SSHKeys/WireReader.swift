/// Reads the SSH wire format (RFC 4251 section 5) of a key blob, never past its end: every
/// string's length is checked against what is left before a byte of it is read.
struct WireReader {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { position == bytes.count }

  /// The next `string`: a 32-bit big-endian length, then that many bytes.
  mutating func string() -> ArraySlice<UInt8>? {
    guard bytes.count - position >= 4 else { return nil }
    var length = 0
    for offset in 0..<4 { length = length << 8 | Int(bytes[position + offset]) }
    guard length <= bytes.count - position - 4 else { return nil }
    let start = position + 4
    position = start + length
    return bytes[start..<position]
  }

  /// The next `string`, which must be printable ASCII (a type, curve or application name).
  mutating func name() -> String? {
    guard let field = string(), field.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return nil
    }
    return String(decoding: field, as: UTF8.self)
  }

  /// The next `mpint` if it is positive and written in the fewest bytes (a leading zero
  /// only before a byte whose top bit is set), as its magnitude's bytes: without the
  /// second rule one key could be written many ways, each with its own fingerprint.
  mutating func positiveInteger() -> ArraySlice<UInt8>? {
    guard let field = string(), let first = field.first else { return nil }
    guard first & 0x80 == 0 else { return nil }
    if first == 0 {
      let rest = field.dropFirst()
      guard let next = rest.first, next & 0x80 != 0 else { return nil }
      return rest
    }
    return field
  }
}
