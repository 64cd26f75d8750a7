#if canImport(Glibc)
  import Glibc
#endif

/// Names nobody may register: a built-in list and, optionally, a site's own file.
public struct ReservedNames: Sendable {
  /// Names a stranger could use to pass for the site or its machinery.
  public static let builtIn = [
    "root", "admin", "administrator", "postmaster", "hostmaster", "webmaster", "abuse",
    "security", "support", "noreply", "no-reply", "info", "help", "sysadmin", "system",
    "daemon", "nobody", "operator", "moderator", "staff", "owner", "official", "guest",
    "mail", "www", "www-data", "ftp", "ssl-admin", "register", "join", "sudo", "wheel",
    "billing", "account", "accounts",
  ]

  /// The largest file read: the names' keys are held in memory.
  public static let maximumFileSize = 1 << 20

  public let names: [String]

  public init(_ names: [String] = ReservedNames.builtIn) {
    self.names = names
  }

  /// Why a file of names could not be read, for people.
  public struct FileError: Error, Hashable, Sendable {
    public let reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The built-in names and those of the file at `path`: one a line, blank lines and
  /// everything after `#` ignored.
  public static func builtIn(andFile path: String) throws(FileError) -> ReservedNames {
    ReservedNames(builtIn + parse(try read(path)))
  }

  /// The names in a file's text.
  public static func parse(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let name = line.prefix { $0 != "#" }.trimmingPrefix(while: \.isWhitespace)
      let trimmed = String(name.reversed().drop(while: \.isWhitespace).reversed())
      return trimmed.isEmpty ? nil : trimmed
    }
  }

  private static func read(_ path: String) throws(FileError) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[..<count]
      if bytes.count > maximumFileSize {
        throw FileError(reason: "larger than \(maximumFileSize / 1024) KiB")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
