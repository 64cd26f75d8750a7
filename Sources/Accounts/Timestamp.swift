#if canImport(Glibc)
  import Glibc
#endif

/// Times as ISO 8601 in UTC, to the second: `2026-11-29T18:48:43Z`.
enum Timestamp {
  /// Seconds since 1970: the clock every process agrees on (the sign-in throttle's).
  @Sendable static func seconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec
  }

  /// `seconds` since 1970 as ISO 8601 in UTC. Such strings sort as the times do.
  static func string(_ seconds: Int) -> String {
    var parts = tm()
    var seconds = seconds
    gmtime_r(&seconds, &parts)
    let year = Int(parts.tm_year) + 1900
    // Written digit by digit: a listing formats a million of them.
    if (1000...9999).contains(year) {
      return String(unsafeUninitializedCapacity: 20) { text in
        func put(_ value: Int, at offset: Int, digits: Int) {
          var value = value
          for place in (offset..<offset + digits).reversed() {
            text[place] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
          }
        }
        put(year, at: 0, digits: 4)
        put(Int(parts.tm_mon) + 1, at: 5, digits: 2)
        put(Int(parts.tm_mday), at: 8, digits: 2)
        put(Int(parts.tm_hour), at: 11, digits: 2)
        put(Int(parts.tm_min), at: 14, digits: 2)
        put(Int(parts.tm_sec), at: 17, digits: 2)
        (text[4], text[7], text[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
        (text[13], text[16], text[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
        return 20
      }
    }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
      + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}
