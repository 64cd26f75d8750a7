import Accounts
import Foundation
import Registration
import Testing

/// Everything in a folder: each entry's name, kind, mode, owner and bytes.
struct FolderSnapshot: Equatable {
  struct Entry: Equatable {
    let name: String
    let type: String
    let mode: Int
    let owner: Int
    let bytes: Data?
  }

  let entries: [Entry]

  init(_ folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    entries = try names.map { name in
      let path = folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
      let isFile = status.st_mode & S_IFMT == S_IFREG
      return Entry(
        name: name, type: String(status.st_mode & S_IFMT, radix: 8),
        mode: Int(status.st_mode & 0o7777), owner: Int(status.st_uid),
        bytes: isFile ? FileManager.default.contents(atPath: path) : nil)
    }
  }
}

/// The schema of version 1, written exactly as register 0.1.0 wrote it (before databases
/// were marked as its own): a database it made is still accepted.
let version1Schema = """
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL,
    login_key TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);
  """

/// Runs SQL with the sqlite3 command, as another program would. `leavingLog`: it ends
/// without folding its `-wal` into the file, as a program that exits without closing does.
@discardableResult
func sqlite(_ path: String, _ sql: String, leavingLog: Bool = false) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
  process.arguments = [path] + (leavingLog ? [".dbconfig no_ckpt_on_close on"] : []) + [sql]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw POSIXError(.EIO) }
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("The database file: what is refused")
struct DatabaseFileTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("accounts.sqlite")
  }

  /// A database of this program's with one account, closed, then `change` applied.
  func ourDatabase() throws {
    let store = try SQLiteAccountStore(path: path, identity: policy)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    store.close()
  }

  /// The schema version a new database gets: how many migrations this program knows.
  func currentVersion() throws -> Int {
    let fresh = folder.url.appendingPathComponent("fresh.db").path
    let store = try SQLiteAccountStore(path: fresh, identity: policy)
    _ = try store.createAccount(login: "fresh", password: "Secret123")
    store.close()
    return Int(try sqlite(fresh, "PRAGMA user_version")) ?? -1
  }

  /// Expects opening `path` to be refused for `reason`, with nothing in the folder changed.
  func expectRefused(
    _ reason: DatabaseRefusal, at path: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try FolderSnapshot(folder.url.path)
    #expect(
      throws: AccountStoreError.refused(reason), sourceLocation: sourceLocation
    ) {
      try SQLiteAccountStore(path: path ?? self.path, identity: policy)
    }
    #expect(
      try FolderSnapshot(folder.url.path) == before, "changed", sourceLocation: sourceLocation)
  }

  @Test("a planted empty file readable by others is refused, not used")
  func plantedEmptyFile() throws {
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644])
    try expectRefused(.openToOthers(companion: nil, mode: 0o644))
  }

  @Test("our own database made readable by others is refused", arguments: [0o644, 0o640, 0o602])
  func readableByOthers(mode: Int) throws {
    try ourDatabase()
    chmod(path, mode_t(mode))
    try expectRefused(.openToOthers(companion: nil, mode: mode))
  }

  @Test("a file that belongs to another user is refused")
  func otherOwner() throws {
    try #require(getuid() == 0, "needs root to give a file away")
    try ourDatabase()
    chown(path, 65534, 65534)  // nobody
    try expectRefused(.notOwned(companion: nil, owner: 65534))
  }

  @Test("a symbolic link is refused, even to a good database")
  func symbolicLink() throws {
    let real = folder.path("real.sqlite")
    let store = try SQLiteAccountStore(path: real, identity: policy)
    _ = try store.createAccount(login: "alice", password: "Secret123")
    store.close()
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
    try expectRefused(.symbolicLink(companion: nil))
  }

  @Test("a dangling symbolic link is refused, and nothing is created where it points")
  func danglingLink() throws {
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: folder.path("elsewhere.sqlite"))
    try expectRefused(.symbolicLink(companion: nil))
  }

  @Test("a folder is refused: it says so")
  func folderPath() throws {
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try expectRefused(.isFolder)
  }

  @Test("a FIFO is refused without blocking")
  func fifo() throws {
    #expect(mkfifo(path, 0o600) == 0)
    try expectRefused(.notRegularFile(companion: nil))
  }

  @Test("another program's SQLite database is refused and left as it was")
  func foreignDatabase() throws {
    try sqlite(
      path,
      "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi');"
    )
    chmod(path, 0o600)
    try expectRefused(.foreignDatabase)
  }

  @Test("another program's database in WAL mode: refused, and no -wal or -shm appear")
  func foreignWALDatabase() throws {
    try sqlite(path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT);")
    chmod(path, 0o600)
    try expectRefused(.foreignDatabase)
  }

  @Test("a database with an accounts table that is not ours is refused")
  func lookalikeDatabase() throws {
    try sqlite(
      path, "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT); PRAGMA user_version = 1;")
    chmod(path, 0o600)
    try expectRefused(.foreignDatabase)
  }

  @Test("another program's mark is refused even with our tables")
  func foreignMark() throws {
    try sqlite(path, version1Schema + "PRAGMA user_version = 1; PRAGMA application_id = 1234;")
    chmod(path, 0o600)
    try expectRefused(.foreignDatabase)
  }

  @Test("a file that is not a database is refused")
  func notADatabase() throws {
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(repeating: 0x41, count: 4096),
      attributes: [.posixPermissions: 0o600])
    try expectRefused(.notADatabase)
  }

  @Test("a -wal companion readable by others, or a symbolic link, is refused")
  func companions() throws {
    try ourDatabase()
    _ = FileManager.default.createFile(
      atPath: path + "-wal", contents: Data(), attributes: [.posixPermissions: 0o644])
    try expectRefused(.openToOthers(companion: "-wal", mode: 0o644))
    try FileManager.default.removeItem(atPath: path + "-wal")
    try FileManager.default.createSymbolicLink(
      atPath: path + "-shm", withDestinationPath: folder.path("elsewhere"))
    try expectRefused(.symbolicLink(companion: "-shm"))
  }

  @Test("a folder others can write to is refused, sticky (as /tmp is) or not")
  func openFolder() throws {
    let shared = folder.path("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    // Sticky keeps others from replacing our file, not from planting its -wal first.
    for mode in [0o777, 0o770, 0o1777, 0o1770, 0o1733] as [mode_t] {
      chmod(shared, mode)
      #expect(throws: AccountStoreError.refused(.folderUnsafe(shared)), "\(String(mode, radix: 8))")
      {
        try SQLiteAccountStore(path: shared + "/accounts.sqlite", identity: policy)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }
    chmod(shared, 0o1755)
    let store = try SQLiteAccountStore(path: shared + "/accounts.sqlite", identity: policy)
    _ = try store.createAccount(login: "alice", password: "Secret123")
  }

  @Test("while the store is open, its -wal and -shm are ours, private, plain files")
  func companionsWhileOpen() throws {
    let store = try SQLiteAccountStore(path: path, identity: policy)
    defer { store.close() }
    _ = try store.createAccount(login: "alice", password: "Secret123")
    for suffix in ["-wal", "-shm"] {
      var status = stat()
      #expect(lstat(path + suffix, &status) == 0, "\(suffix)")
      #expect(status.st_mode & S_IFMT == S_IFREG && status.st_mode & 0o7777 == 0o600, "\(suffix)")
      #expect(status.st_uid == geteuid(), "\(suffix)")
    }
  }

  @Test("a database made by register 0.1.0 is accepted, marked as ours and migrated")
  func version1() throws {
    try sqlite(
      path,
      "PRAGMA journal_mode = WAL;" + version1Schema
        + "INSERT INTO accounts (login, login_key, password_hash, created_at) VALUES ('Bob', 'bob', '\(PasswordHashFixture.bob)', '2026-01-01T00:00:00Z'); PRAGMA user_version = 1;"
    )
    chmod(path, 0o600)
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try store.isLoginTaken("BOB"))
    #expect(try store.signIn(login: "bob", password: "Secret123")?.login == "Bob")
    store.close()
    #expect(try sqlite(path, "PRAGMA application_id") == "\(0x7267_7374)")
    #expect(try sqlite(path, "PRAGMA user_version") == "\(try currentVersion())")
  }

  @Test("a 0.1.0 database with the -wal and -shm it left at every exit: accepted, folded in")
  func version1WithLog() throws {
    try sqlite(
      path,
      "PRAGMA journal_mode = WAL;" + version1Schema
        + "INSERT INTO accounts (login, login_key, password_hash, created_at) VALUES ('Bob', 'bob', '\(PasswordHashFixture.bob)', '2026-01-01T00:00:00Z'); PRAGMA user_version = 1;",
      leavingLog: true)
    for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
    #expect(DatabaseFileTests.size(path + "-wal") > 0, "the accounts are in the -wal")
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try store.signIn(login: "bob", password: "Secret123")?.login == "Bob")
    store.close()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["accounts.sqlite"])
  }

  @Test("another program's database with a -wal in use: refused; the file and -wal unchanged")
  func foreignWithLog() throws {
    try sqlite(path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT);", leavingLog: true)
    for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
    let before = try FolderSnapshot(folder.url.path).entries
    #expect(throws: AccountStoreError.refused(.foreignDatabase)) {
      try SQLiteAccountStore(path: path, identity: policy)
    }
    let after = try FolderSnapshot(folder.url.path).entries
    // Any reader of a WAL database may write its -shm index; nothing else may change.
    #expect(after.map(\.name) == before.map(\.name))
    #expect(
      after.filter { !$0.name.hasSuffix("-shm") } == before.filter { !$0.name.hasSuffix("-shm") })
  }

  static func size(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  @Test("a database of a newer version is refused")
  func newer() throws {
    try ourDatabase()
    let known = try currentVersion()
    try sqlite(path, "PRAGMA user_version = 99")
    try expectRefused(.newerSchema(found: 99, known: known))
  }

  @Test("an explicit path in a missing folder: refused, and no folder is made")
  func missingFolder() throws {
    let missing = folder.path("missing/dir")
    try expectRefused(.folderMissing(missing), at: missing + "/x.sqlite")
  }

  @Test("the default place: its folders are made, 0700, when the first account is stored")
  func defaultFolders() throws {
    let path = folder.path("data/register/accounts.sqlite")
    let store = try SQLiteAccountStore(path: path, identity: policy, createsFolders: true)
    #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
    _ = try store.createAccount(login: "alice", password: "Secret123")
    for made in ["data", "data/register"] {
      let mode = try FileManager.default.attributesOfItem(atPath: folder.path(made))[
        .posixPermissions]
      #expect(mode as? Int == 0o700, "\(made)")
    }
  }

  @Test("nothing stored, no file: a store that only looked leaves nothing behind")
  func lazyFile() throws {
    let store = try SQLiteAccountStore(path: path, identity: policy)
    #expect(try !store.isLoginTaken("alice"))
    #expect(try store.signIn(login: "alice", password: "Secret123") == nil)
    store.close()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test("an account made by another process meanwhile is seen by a store that had no file")
  func fileAppears() throws {
    let first = try SQLiteAccountStore(path: path, identity: policy)
    let second = try SQLiteAccountStore(path: path, identity: policy)
    _ = try second.createAccount(login: "alice", password: "Secret123")
    #expect(try first.isLoginTaken("ALICE"))
    #expect(throws: AccountStoreError.loginTaken) {
      try first.createAccount(login: "Alice", password: "Secret123")
    }
  }

  @Test("closing removes the -wal and -shm files")
  func closeCleans() throws {
    try ourDatabase()
    for suffix in ["-wal", "-shm"] {
      #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }
}

/// A yescrypt hash of `Secret123`, made once with crypt(3).
enum PasswordHashFixture {
  static let bob = "$y$j9T$BcdH6UpPo2LP2IunJGJ2l.$WzWJKj6OerBsA6mS49hvGHpqp6mDqUoGYy3.JIeblc3"
}
