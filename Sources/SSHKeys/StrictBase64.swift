/// Standard base64 (RFC 4648 section 4) with no leeway: only the alphabet, a length that is
/// a multiple of four, padding only at the end and only as much as needed, and the unused
/// bits of the last character zero. One key then has exactly one text.
enum StrictBase64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static let values: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
    return table
  }()

  /// The bytes `text` encodes, or nil when it is not canonical base64.
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    let characters = Array(text)
    guard !characters.isEmpty, characters.count % 4 == 0 else { return nil }
    var padding = 0
    if characters[characters.count - 1] == UInt8(ascii: "=") { padding += 1 }
    if characters[characters.count - 2] == UInt8(ascii: "=") { padding += 1 }
    var out: [UInt8] = []
    out.reserveCapacity(characters.count / 4 * 3)
    var accumulator: UInt32 = 0
    for (index, character) in characters.enumerated() {
      let value: Int8
      if index >= characters.count - padding {
        value = 0
      } else {
        value = values[Int(character)]
        guard value >= 0 else { return nil }
      }
      accumulator = accumulator << 6 | UInt32(value)
      if index % 4 == 3 {
        out.append(UInt8(truncatingIfNeeded: accumulator >> 16))
        out.append(UInt8(truncatingIfNeeded: accumulator >> 8))
        out.append(UInt8(truncatingIfNeeded: accumulator))
        accumulator = 0
      }
    }
    // The last group's unused bits must be zero: "AB==" and "AC==" are not the same text.
    let last = characters.count - padding - 1
    let lastValue = UInt8(values[Int(characters[last])])
    if padding == 1, lastValue & 0b11 != 0 { return nil }
    if padding == 2, lastValue & 0b1111 != 0 { return nil }
    out.removeLast(padding)
    return out
  }

  /// `bytes` in base64, padded.
  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group: UInt32 = 0
      for offset in 0..<3 {
        group = group << 8 | (offset < count ? UInt32(bytes[index + offset]) : 0)
      }
      for offset in 0..<4 {
        if offset <= count {
          out.append(alphabet[Int(group >> UInt32(18 - 6 * offset) & 0x3F)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
