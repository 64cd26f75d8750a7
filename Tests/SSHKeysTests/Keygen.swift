import Foundation
import TestSupport

/// The system's `ssh-keygen`, the authority the parser is held against, in a temporary
/// folder that goes when the value does.
final class Keygen {
  let folder: String

  init() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("sshkeys-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Makes a key pair (`ssh-keygen -t TYPE [-b BITS]`) with `comment`; returns the private
  /// key's path (the public one is that and `.pub`).
  func generate(
    _ type: String, bits: Int? = nil, comment: String = "alice@laptop",
    options: [String] = []
  ) throws -> String {
    let path = "\(folder)/\(type)-\(bits ?? 0)-\(UUID().uuidString.prefix(6))"
    try ChildProcess.run(
      "/usr/bin/ssh-keygen",
      ["-q", "-t", type, "-N", "", "-C", comment, "-f", path] + options
        + (bits.map { ["-b", "\($0)"] } ?? []))
    return path
  }

  /// The public key line of a generated pair, as the .pub file has it (with its newline).
  func publicLine(_ path: String) throws -> String {
    try String(contentsOfFile: path + ".pub", encoding: .utf8)
  }

  /// What `ssh-keygen -l -f FILE` prints for `line`, written to a file: `BITS SHA256:… COMMENT (TYPE)`.
  func fingerprintLine(of line: String) throws -> String {
    let path = "\(folder)/line-\(UUID().uuidString.prefix(6)).pub"
    try line.write(toFile: path, atomically: true, encoding: .utf8)
    return try ChildProcess.run("/usr/bin/ssh-keygen", ["-l", "-f", path])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// The SSH wire format, for building blobs in the tests.
enum Wire {
  static func string(_ bytes: [UInt8]) -> [UInt8] {
    let count = UInt32(bytes.count)
    return [
      UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF),
    ]
      + bytes
  }

  static func string(_ text: String) -> [UInt8] { string(Array(text.utf8)) }

  /// The fields of a blob, each a string's contents.
  static func fields(_ blob: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var index = 0
    while index + 4 <= blob.count {
      let count = blob[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
      guard index + 4 + count <= blob.count else { break }
      out.append(Array(blob[index + 4..<index + 4 + count]))
      index += 4 + count
    }
    return out
  }

  static func blob(_ fields: [[UInt8]]) -> [UInt8] { fields.flatMap { string($0) } }

  static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  static func decode(_ text: some StringProtocol) -> [UInt8] {
    Array(Data(base64Encoded: String(text))!)
  }
}
