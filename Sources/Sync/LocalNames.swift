import Accounts

#if canImport(Glibc)
  import Glibc
#endif

/// This host's own users and groups, read from /etc/passwd and /etc/group themselves (not
/// through NSS, which would give the extrausers files' accounts back as local ones).
public enum LocalNames {
  /// The names and ids in the files at `passwd` and `group`.
  public static func read(passwd: String = "/etc/passwd", group: String = "/etc/group")
    throws(SyncError) -> [LocalName]
  {
    try parse(TextFile.read(passwd), kind: .user) + parse(TextFile.read(group), kind: .group)
  }

  /// `name:x:id:...` lines; comments, `+`/`-` NIS lines and broken lines left out.
  static func parse(_ text: String, kind: LocalName.Kind) -> [LocalName] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count >= 3, let name = fields.first, !name.isEmpty,
        !name.hasPrefix("#"), !name.hasPrefix("+"), !name.hasPrefix("-"),
        let id = Int(fields[2]), id >= 0
      else { return nil }
      return LocalName(kind: kind, name: String(name), id: id)
    }
  }
}

/// A small file read whole, refusing one behind a symbolic link.
enum TextFile {
  /// The most a file may hold (1 GiB: a million accounts' passwd is about 60 MB).
  static let largest = 1 << 30

  static func read(_ path: String) throws(SyncError) -> String {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw .file(path: path, errno: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .file(path: path, errno: errno)
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      if bytes.count > largest { throw .file(path: path, errno: EFBIG) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
