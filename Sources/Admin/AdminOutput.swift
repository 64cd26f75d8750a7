#if canImport(Glibc)
  import Glibc
#endif

/// Where `register admin` writes: lines for stdout (tables, JSON Lines, codes) and for
/// stderr (what went wrong). Tests collect them; the program writes them out.
public struct AdminOutput: Sendable {
  public let line: @Sendable (String) -> Void
  public let complaint: @Sendable (String) -> Void
  /// Where a long listing's lines go many at a time, as bytes, each line ending in a
  /// newline (ListingBuffer); nil: one `line` each.
  public let write: (@Sendable (UnsafeRawBufferPointer) -> Void)?

  public init(
    line: @escaping @Sendable (String) -> Void, complaint: @escaping @Sendable (String) -> Void,
    write: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil
  ) {
    self.line = line
    self.complaint = complaint
    self.write = write
  }

  /// stdout and stderr, a line at a time (a listing, a buffer at a time).
  public static let standard = AdminOutput(
    line: { text in write(STDOUT_FILENO, text + "\n") },
    complaint: { text in write(STDERR_FILENO, "register admin: " + text + "\n") },
    write: { bytes in write(STDOUT_FILENO, bytes) })

  private static func write(_ descriptor: Int32, _ text: String) {
    Array(text.utf8).withUnsafeBytes { write(descriptor, $0) }
  }

  /// All of `bytes` to `descriptor` (a pipe takes a part at a time); a descriptor that
  /// takes none (closed) ends it.
  private static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
