import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// The database file, checked before SQLite may touch it, the way ssh checks a private
/// key: a file others could read (password hashes) or change (accounts), or one put there
/// for us to use, is refused with the reason, and nothing in it is changed.
///
/// The checks read the file's status (`lstat`: a symbolic link is not followed), never
/// open it: closing any descriptor of a SQLite file drops every lock this process holds
/// on it (POSIX), under SQLite's feet. SQLite then opens the path itself, refusing
/// symbolic links, and `isStill(at:)` tells that the path still names the file checked.
struct DatabaseFile {
  private let status: stat

  /// Nothing in it yet: made by us a moment ago, or left empty.
  var isEmpty: Bool { status.st_size == 0 }

  /// Checks the file at `path` (in a folder already checked) and its `-wal` and `-shm`
  /// files, if any; nil if there is no file.
  static func check(_ path: String) throws(AccountStoreError) -> DatabaseFile? {
    guard let status = try status(path) else { return nil }
    try check(status, companion: nil)
    for companion in ["-wal", "-shm"] {
      if let status = try Self.status(path + companion) { try check(status, companion: companion) }
    }
    return DatabaseFile(status: status)
  }

  /// Creates the file, empty and private (0600 from the first moment); nothing if another
  /// process was quicker.
  static func create(_ path: String) throws(AccountStoreError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw .unavailable(reason(errno))
    }
  }

  /// Creates the `-wal` and `-shm` of the file at `path` ourselves, empty and private,
  /// unless they are there (`check` has looked at those): whoever makes them owns what
  /// every new hash is written to. Call it just before SQLite opens the file for writing,
  /// and `check` again after. A descriptor is closed only of a file it has just made,
  /// which no connection can hold a lock on yet.
  static func createCompanions(_ path: String) throws(AccountStoreError) {
    for companion in ["-wal", "-shm"] { try create(path + companion) }
  }

  /// Whether `path` still names this file.
  func isStill(at path: String) -> Bool {
    guard let now = try? Self.status(path) else { return false }
    return now.st_dev == status.st_dev && now.st_ino == status.st_ino
  }

  /// Whether the file's `-wal` holds transactions, so the file alone is not the whole
  /// database.
  static func hasLog(_ path: String) -> Bool {
    ((try? status(path + "-wal"))?.st_size ?? 0) > 0
  }

  /// The status of `path` itself (a symbolic link is not followed); nil if there is none.
  private static func status(_ path: String) throws(AccountStoreError) -> stat? {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw .unavailable(reason(errno))
    }
    return status
  }

  /// A regular file of the user's that nobody else may read or write.
  private static func check(_ status: stat, companion: String?) throws(AccountStoreError) {
    let type = status.st_mode & S_IFMT
    if type == S_IFLNK { throw .refused(.symbolicLink(companion: companion)) }
    if type == S_IFDIR && companion == nil { throw .refused(.isFolder) }
    if type != S_IFREG { throw .refused(.notRegularFile(companion: companion)) }
    if status.st_uid != geteuid() {
      throw .refused(.notOwned(companion: companion, owner: Int(status.st_uid)))
    }
    if status.st_mode & 0o077 != 0 {
      throw .refused(.openToOthers(companion: companion, mode: Int(status.st_mode & 0o7777)))
    }
  }

  /// What an errno means, for people.
  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
