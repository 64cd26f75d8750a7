// Opening the database file: made whole before any other process sees it, checked, set to
// WAL and migrated.

import Registration

#if canImport(Glibc)
  import Glibc
#endif

extension SQLiteAccountTable {
  /// Makes the database at `path`, unless there is one, whole before any other process can
  /// see it: built, switched to WAL and migrated under a temporary name in the same
  /// folder, closed, then linked into place (`link` fails if another process was quicker:
  /// theirs is used). Made in place, a file half set up was read by sign-ups racing this
  /// one as locked, or as another program's database.
  private static func createWhole(_ path: String, identity: any LoginIdentity)
    throws(AccountStoreError)
  {
    if try DatabaseFile.check(path) != nil { return }
    let temporary = "\(path).new-\(getpid())-\(UInt32.random(in: .min ... .max))"
    try DatabaseFile.create(temporary)
    defer {
      for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) }
    }
    try DatabaseFile.createCompanions(temporary)
    try setUp(temporary, identity: identity)
    guard link(temporary, path) == 0 || errno == EEXIST else {
      throw .unavailable(DatabaseFile.reason(errno))
    }
  }

  /// Sets a new database up and closes it: SQLite folds the WAL into the file on closing.
  private static func setUp(_ path: String, identity: any LoginIdentity) throws(AccountStoreError) {
    let database: Database
    do throws(DatabaseError) {
      database = try Database(path: path)
      try database.execute("PRAGMA journal_mode = WAL")
    } catch {
      throw AccountStoreError(error)
    }
    try Schema.migrate(database, identity: identity)
  }

  /// Opens the database in `folder` after checking it, making it first if `creating`;
  /// nil if there is no file.
  static func connect(
    _ folder: DatabaseFolder, identity: any LoginIdentity, creating: Bool, createsFolders: Bool
  ) throws(AccountStoreError) -> SQLiteConnection? {
    var resolved = try folder.resolved()
    if resolved == nil && creating && createsFolders {
      try folder.create()
      resolved = try folder.resolved()
    }
    guard let path = resolved else {
      if creating { throw .refused(.folderMissing(folder.folder)) }
      return nil
    }
    if creating { try createWhole(path, identity: identity) }
    guard let file = try DatabaseFile.check(path) else { return nil }
    // Nothing writes before this: SQLite reads another program's file without changing it.
    if !file.isEmpty { try Schema.inspect(path) }
    try DatabaseFile.createCompanions(path)
    let database: Database
    do throws(DatabaseError) {
      database = try Database(path: path)
    } catch {
      throw AccountStoreError(error)
    }
    guard file.isStill(at: path) else {
      throw .unavailable("the file was replaced while opening it")
    }
    if database.isReadOnly { throw .unavailable("the file is read-only") }
    do throws(DatabaseError) {
      // Another process may hold the lock briefly (two sign-ups at once).
      try database.execute("PRAGMA busy_timeout = 5000")
      try database.execute("PRAGMA journal_mode = WAL")
      // In WAL mode NORMAL cannot corrupt the file; a power cut may lose the last commit
      // (an account just created), and every commit is spared a disk sync.
      try database.execute("PRAGMA synchronous = NORMAL")
      // An account's answers and keys go with it (ON DELETE CASCADE).
      try database.execute("PRAGMA foreign_keys = ON")
    } catch {
      throw AccountStoreError(error)
    }
    _ = try DatabaseFile.check(path)
    try Schema.migrate(database, identity: identity)
    return SQLiteConnection(database)
  }
}
