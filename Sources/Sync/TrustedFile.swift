#if canImport(Glibc)
  import Glibc
#endif

/// What `register keys` (an unprivileged user, for sshd) believes of the folder of the
/// extrausers files: only a folder and files that no one but root, or the user running it,
/// could have made or changed. A planted, linked or writable copy is never read.
enum TrustedFile {
  /// Whether `uid` is root's or the reader's own.
  static func isTrusted(owner uid: uid_t) -> Bool { uid == 0 || uid == geteuid() }

  /// Whether `path` is a real folder (no symbolic link), trusted, writable by its owner only.
  static func isTrustedFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && isTrusted(owner: status.st_uid) && status.st_mode & 0o022 == 0
  }

  /// `name` in the trusted folder `folder`, opened read-only (never through a symbolic
  /// link) when it is a plain file, trusted and writable by its owner only; its status too.
  static func open(_ name: String, in folder: String) -> (descriptor: Int32, status: stat)? {
    guard isTrustedFolder(folder) else { return nil }
    let descriptor = Glibc.open(folder + "/" + name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      isTrusted(owner: status.st_uid), status.st_mode & 0o022 == 0
    else {
      close(descriptor)
      return nil
    }
    return (descriptor, status)
  }
}
