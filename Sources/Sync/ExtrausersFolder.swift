#if canImport(Glibc)
  import Glibc
#endif

/// The folder the files go in (Debian's /var/lib/extrausers), checked before anything is
/// written: a real folder (not a symbolic link), and, as root, root's and writable by no
/// one else, so that no one but root could have planted anything in it.
public struct ExtrausersFolder: Sendable {
  public static let defaultPath = "/var/lib/extrausers"
  public let path: String

  public init(path: String = Self.defaultPath) {
    self.path = path
  }

  /// Throws `.unsafeFolder` for a folder the sync must not write into; makes it (0755)
  /// when it is missing and its parent is there.
  func check() throws(SyncError) {
    var status = stat()
    if lstat(path, &status) != 0 {
      guard errno == ENOENT, mkdir(path, 0o755) == 0, lstat(path, &status) == 0 else {
        throw .file(path: path, errno: errno)
      }
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .unsafeFolder(path: path, reason: "not a folder (a symbolic link, or a file)")
    }
    guard geteuid() == 0 else { return }
    guard status.st_uid == 0 else { throw .unsafeFolder(path: path, reason: "not root's") }
    guard status.st_mode & 0o022 == 0 else {
      throw .unsafeFolder(path: path, reason: "writable by others than root")
    }
  }
}
