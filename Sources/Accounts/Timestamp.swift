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
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
      + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}
