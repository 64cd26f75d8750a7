import Accounts
import Foundation
import Policy
import Registration
import Testing

/// The program's own login policy: the store compares logins by its identity.
let policy = UnicodeLoginPolicy()

/// A fresh folder per test, removed afterwards.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "accounts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

@Suite("SQLite account store")
struct SQLiteAccountStoreTests {
  let folder: TemporaryFolder
  let store: SQLiteAccountStore

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLiteAccountStore(path: folder.path("accounts.sqlite"), identity: policy)
  }

  @Test("create, then exists and verify")
  func createExistsVerify() throws {
    #expect(try !store.isLoginTaken("alice"))
    let account = try store.createAccount(login: "alice", password: "Secret123")
    #expect(account.login == "alice")
    #expect(account.passwordHash.hasPrefix("$y$"))
    #expect(account.createdAt.hasSuffix("Z") && account.createdAt.count == 20)
    #expect(try store.isLoginTaken("alice"))
    let signedIn = try store.signIn(login: "alice", password: "Secret123")
    #expect(signedIn?.login == "alice")
  }

  @Test("a wrong password and an unknown login both give nothing")
  func wrongCredentials() throws {
    _ = try store.createAccount(login: "alice", password: "Secret123")
    #expect(try store.signIn(login: "alice", password: "secret123") == nil)
    #expect(try store.signIn(login: "alice", password: "") == nil)
    #expect(try store.signIn(login: "bob", password: "Secret123") == nil)
  }

  @Test("logins are unique without regard to case; sign-in ignores case too")
  func caseInsensitive() throws {
    _ = try store.createAccount(login: "Alice", password: "Secret123")
    #expect(try store.isLoginTaken("ALICE"))
    #expect(try store.isLoginTaken("alice"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "aLiCe", password: "Other1234")
    }
    #expect(try store.signIn(login: "ALICE", password: "Secret123")?.login == "Alice")
  }

  @Test(
    "Unicode logins and passwords",
    arguments: [
      ("Жора", "Пароль123"), ("用户名", "密码Secret"), ("👍🏽user", "🔑Key12345"),
      ("e\u{301}lodie", "Ünïcødé99"),
    ])
  func unicode(login: String, password: String) throws {
    _ = try store.createAccount(login: login, password: password)
    #expect(try store.isLoginTaken(login))
    #expect(try store.isLoginTaken(login.uppercased()))
    #expect(try store.signIn(login: login, password: password)?.login == login)
    #expect(try store.signIn(login: login, password: password + "x") == nil)
  }

  @Test("logins that look like SQL are stored literally")
  func sqlLookingLogin() throws {
    let login = "a'); DROP TABLE accounts;--"
    _ = try store.createAccount(login: login, password: "Secret123")
    _ = try store.createAccount(login: "bob", password: "Secret123")
    #expect(try store.isLoginTaken(login))
    #expect(try store.isLoginTaken("bob"))
    #expect(try store.signIn(login: login, password: "Secret123")?.login == login)
  }

  @Test("the password is stored only as a yescrypt hash")
  func noPlaintext() throws {
    let password = "Plaintext-Never-1"
    let account = try store.createAccount(login: "carol", password: password)
    #expect(!account.passwordHash.contains(password))
    for suffix in ["", "-wal", "-shm"] {
      let data = FileManager.default.contents(atPath: store.path + suffix) ?? Data()
      #expect(data.range(of: Data(password.utf8)) == nil, "found in \(suffix)")
    }
  }

  @Test("each hash has its own salt")
  func salted() throws {
    let first = try store.createAccount(login: "one1", password: "Same12345")
    let second = try store.createAccount(login: "two2", password: "Same12345")
    #expect(first.passwordHash != second.passwordHash)
  }

  @Test("the file and its folder are private: 0600 and 0700")
  func modes() throws {
    let path = folder.path("deeper/still/accounts.sqlite")
    let store = try SQLiteAccountStore(path: path, identity: policy, createsFolders: true)
    _ = try store.createAccount(login: "dave", password: "Secret123")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: folder.path("deeper/still"))
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      let mode = try FileManager.default.attributesOfItem(atPath: path + suffix)[.posixPermissions]
      #expect((mode as? Int) == 0o600, "\(suffix)")
    }
  }

  @Test("the schema version is recorded, and reopening keeps the accounts")
  func reopen() throws {
    _ = try store.createAccount(login: "erin", password: "Secret123")
    let again = try SQLiteAccountStore(path: store.path, identity: policy)
    #expect(try again.isLoginTaken("erin"))
    #expect(try again.signIn(login: "erin", password: "Secret123") != nil)
  }

  @Test("six connections racing to create one login: one wins, every other is told it is taken")
  func race() async throws {
    let path = store.path
    let results = await withTaskGroup(of: Result<CreatedAccount, AccountStoreError>.self) {
      group in
      for index in 0..<6 {
        group.addTask {
          Result { () throws(AccountStoreError) in
            let store = try SQLiteAccountStore(path: path, identity: policy)
            let login = index % 2 == 0 ? "frank" : "FRANK"
            return try store.createAccount(login: login, password: "Secret123")
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let winners = results.compactMap { try? $0.get() }
    #expect(winners.count == 1)
    // A lost race is .loginTaken, never another failure (a lock, a closed file).
    let losers = results.compactMap { result -> AccountStoreError? in
      if case .failure(let error) = result { error } else { nil }
    }
    #expect(losers == Array(repeating: .loginTaken, count: 5))
    #expect(try store.isLoginTaken("Frank"))
  }

  @Test("a corrupt file is a clear error")
  func corrupt() throws {
    let path = folder.path("corrupt.sqlite")
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    #expect(throws: AccountStoreError.refused(.notADatabase)) {
      try SQLiteAccountStore(path: path, identity: policy)
    }
  }

  @Test("a read-only file is a clear error")
  func readOnly() throws {
    let path = folder.path("readonly.sqlite")
    try SQLiteAccountStore(path: path, identity: policy).create()
    // Permission bits do not stop root, which CI runs as; the immutable attribute does.
    if getuid() == 0 {
      try #require(setImmutable(path, true), "cannot make a file read-only here")
    } else {
      chmod(path, 0o400)
    }
    defer {
      _ = setImmutable(path, false)
      chmod(path, 0o600)
    }
    #expect(throws: AccountStoreError.unavailable("the file is read-only")) {
      try SQLiteAccountStore(path: path, identity: policy)
    }
  }

  /// `chattr +i` / `-i`: FS_IOC_GETFLAGS and FS_IOC_SETFLAGS with FS_IMMUTABLE_FL.
  func setImmutable(_ path: String, _ immutable: Bool) -> Bool {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var flags: Int32 = 0
    guard ioctl(fd, 0x8008_6601, &flags) == 0 else { return false }
    flags = immutable ? flags | 0x10 : flags & ~0x10
    return ioctl(fd, 0x4008_6602, &flags) == 0
  }

  @Test("a folder that cannot be created is a clear error")
  func unwritableFolder() throws {
    let blocker = folder.path("file")
    FileManager.default.createFile(atPath: blocker, contents: Data())
    #expect(throws: AccountStoreError.self) {
      try SQLiteAccountStore(path: blocker + "/sub/accounts.sqlite", identity: policy)
    }
  }

  @Test("the default place follows XDG_DATA_HOME, then HOME")
  func defaultPath() {
    #expect(
      SQLiteAccountStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"])
        == "/x/data/register/accounts.sqlite")
    #expect(
      SQLiteAccountStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.local/share/register/accounts.sqlite")
    #expect(SQLiteAccountStore.defaultPath(environment: [:]) == nil)
  }
}
