#if canImport(Glibc)
  import Glibc
#endif

/// Where `register admin` writes: lines for stdout (tables, JSON Lines, codes) and for
/// stderr (what went wrong). Tests collect them; the program writes them out.
public struct AdminOutput: Sendable {
  public let line: @Sendable (String) -> Void
  public let complaint: @Sendable (String) -> Void

  public init(
    line: @escaping @Sendable (String) -> Void, complaint: @escaping @Sendable (String) -> Void
  ) {
    self.line = line
    self.complaint = complaint
  }

  /// stdout and stderr, a line at a time.
  public static let standard = AdminOutput(
    line: { text in write(STDOUT_FILENO, text + "\n") },
    complaint: { text in write(STDERR_FILENO, "register admin: " + text + "\n") })

  private static func write(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      guard written > 0 else { return }
      offset += written
    }
  }
}
