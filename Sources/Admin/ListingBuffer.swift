/// The lines of a long listing (`list`, `log`) on their way out: gathered into writes of
/// 64 KiB where the output takes bytes (stdout: a million rows in 1,400 writes rather than a
/// million), else given to `line` one by one (tests). A row is written straight into
/// `bytes`, then `endLine()`.
struct ListingBuffer {
  /// The line being written, after the ones not yet written out.
  var bytes: [UInt8] = []
  private let output: AdminOutput
  private static let size = 1 << 16

  init(_ output: AdminOutput) {
    self.output = output
    bytes.reserveCapacity(Self.size + 1024)
  }

  /// `text` as a line of its own.
  mutating func line(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    endLine()
  }

  mutating func endLine() {
    guard output.write != nil else {
      output.line(String(decoding: bytes, as: UTF8.self))
      bytes.removeAll(keepingCapacity: true)
      return
    }
    bytes.append(UInt8(ascii: "\n"))
    if bytes.count >= Self.size { flush() }
  }

  /// Writes out what is gathered: at the end, and before anything else is said.
  mutating func flush() {
    guard let write = output.write, !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { write($0) }
    bytes.removeAll(keepingCapacity: true)
  }
}
