#if canImport(Glibc)
  import Glibc
#endif

extension SiteFile {
  /// The site file installed with the program.
  public static let defaultPath = "/etc/register/register.conf"

  /// Reads the file at `path` against `keys`, refusing one that someone else could have
  /// put there or changed, the way a planted database is refused: a symbolic link, not a
  /// regular file, owned by neither root nor `user`, writable by group or others, or in a
  /// folder they may write (a sticky one like /tmp aside). No file at all is an empty file
  /// unless `mustExist` (a file the command line names).
  public static func read(
    path: String, keys: [SiteKey], user: UInt32 = geteuid(), mustExist: Bool
  ) throws(SiteFileError) -> SiteFile {
    // O_NONBLOCK: a FIFO put there does not hang the start; O_NOFOLLOW: a link is refused.
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let error = errno
      switch error {
      case ENOENT where !mustExist: return SiteFile()
      case ENOENT: throw SiteFileError(.missing)
      case ELOOP: throw SiteFileError(.symbolicLink)
      default: throw SiteFileError(.unreadable(String(cString: strerror(error))))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw SiteFileError(.unreadable(String(cString: strerror(errno))))
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw SiteFileError(.notRegularFile) }
    guard status.st_uid == 0 || status.st_uid == user else {
      throw SiteFileError(.notOwned(uid: Int(status.st_uid)))
    }
    guard status.st_mode & 0o022 == 0 else {
      throw SiteFileError(.writableByOthers(mode: Int(status.st_mode & 0o7777)))
    }
    try checkFolder(of: path, user: user)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    // One byte past the limit tells a file that is too large.
    while bytes.count <= largestFile {
      let count = Glibc.read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw SiteFileError(.unreadable(String(cString: strerror(errno)))) }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return try SiteFile(parsing: bytes, keys: keys)
  }

  /// The folder holding the file: whoever may write it may put another file in its place.
  private static func checkFolder(of path: String, user: UInt32) throws(SiteFileError) {
    let folder =
      path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    var status = stat()
    guard stat(folder.isEmpty ? "/" : folder, &status) == 0 else {
      throw SiteFileError(.unreadable(String(cString: strerror(errno))))
    }
    let sticky = status.st_mode & 0o1000 != 0
    guard status.st_uid == 0 || status.st_uid == user else {
      throw SiteFileError(.folderNotOwned(uid: Int(status.st_uid)))
    }
    guard sticky || status.st_mode & 0o022 == 0 else {
      throw SiteFileError(.folderWritableByOthers(mode: Int(status.st_mode & 0o7777)))
    }
  }
}
