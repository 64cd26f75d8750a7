import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// The folder the database lives in. Whoever may change the folder may swap the file
/// between our checks and SQLite's open, so it is checked like the file: yours or root's,
/// and writable by nobody else, sticky or not. A sticky folder (as /tmp is) keeps others
/// from renaming or removing what is yours, not from making the `-wal` or `-shm` before
/// SQLite does: the one who made the `-wal` reads every new hash, or blocks the store.
struct DatabaseFolder {
  /// The folder as given (for messages) and the file's name in it.
  let folder: String
  let name: String

  init(of path: String) {
    if let slash = path.lastIndex(of: "/") {
      let folder = String(path[..<slash])
      self.folder = folder.isEmpty ? "/" : folder
      name = String(path[path.index(after: slash)...])
    } else {
      folder = "."
      name = path
    }
  }

  /// The path of the file with the folder's symbolic links resolved, so that SQLite, which
  /// is told to follow none, can open it; nil if the folder does not exist. Throws if the
  /// folder is unsafe.
  func resolved() throws(AccountStoreError) -> String? {
    guard !name.isEmpty else { throw .refused(.isFolder) }
    guard let real = realpath(folder, nil) else {
      if errno == ENOENT { return nil }
      throw .unavailable("\(folder): \(DatabaseFile.reason(errno))")
    }
    let resolved = String(cString: real)
    free(real)
    var status = stat()
    guard stat(resolved, &status) == 0 else {
      throw .unavailable("\(folder): \(DatabaseFile.reason(errno))")
    }
    let path = (resolved == "/" ? "" : resolved) + "/" + name
    let writableByOthers = status.st_mode & 0o022 != 0
    if writableByOthers || (status.st_uid != geteuid() && status.st_uid != 0) {
      // `--db /tmp/somewhere`: that it is a folder is the mistake to tell of.
      var target = stat()
      if lstat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR {
        throw .refused(.isFolder)
      }
      throw .refused(.folderUnsafe(folder))
    }
    return path
  }

  /// Creates the folder and any missing parents, private (0700): only for the default
  /// place, never for a path the user gave (a typo there should be an error, not a tree).
  func create() throws(AccountStoreError) {
    var partial = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o700) != 0 && errno != EEXIST {
        throw .unavailable("cannot create the folder \(partial): \(DatabaseFile.reason(errno))")
      }
    }
  }
}
