import Accounts
import Admin
import Foundation
import Policy
import Registration
import TestSupport
import Testing

/// An SQLite store of another host, to import: a file in a folder of its own.
final class SourceStore {
  let folder: URL
  let path: String
  let service: AccountService

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("old.sqlite").path
    service = try AccountService(
      path: path, identity: UnicodeLoginPolicy(), options: StoreOptions(review: true))
  }

  deinit {
    service.close()
    try? FileManager.default.removeItem(at: folder)
  }
}

@Suite("register admin import, into every engine")
struct ImportTests {
  @Test(
    "accounts come in with their hashes, times, states and addresses; audit rows by the admin",
    arguments: AdminEngine.allCases)
  func imported(engine: AdminEngine) throws {
    let source = try SourceStore()
    _ = try source.service.createAccount(
      login: "ada", password: "Zq7vLm2pR", origin: SignUpOrigin(address: "192.0.2.7", limit: nil))
    _ = try source.service.createAccount(login: "bob", password: "Bq7vLm2pX")
    _ = try source.service.createAccount(login: "carol", password: "Cq7vLm2pY")
    _ = try source.service.approve("ada", by: nil)
    _ = try source.service.approve("carol", by: nil)
    _ = try source.service.lock("carol", reason: "abuse", by: nil)
    let before = try #require(try source.service.account("ada"))
    let store = try AdminStore(engine, review: false)
    let run = store.admin("import", source.path)
    #expect(run.status == 0, "\(run.complaints)")
    #expect(run.lines == ["Imported 3 accounts from \(source.path)."])
    #expect(try store.service.signIn(login: "ada", password: "Zq7vLm2pR")?.login == "ada")
    let ada = try #require(try store.service.account("ada"))
    #expect(ada.createdAt == before.createdAt)
    #expect(ada.clientAddress == "192.0.2.7")
    #expect(try store.service.account("bob")?.state == .pending)
    #expect(try store.service.account("carol")?.state == .locked)
    #expect(try store.service.account("carol")?.reason == "abuse")
    let rows = try store.admin("log", "--json").objects()
    #expect(rows.map { $0["action"] as? String } == ["import", "import", "import"])
    #expect(rows.allSatisfy { ($0["by"] as? String)?.hasPrefix("alice as ") == true })
    #expect(!store.admin("log").text.contains("$y$"), "no hash in the log")
  }

  @Test(
    "a clash of identity or a lookalike: all of them listed, nothing imported",
    arguments: AdminEngine.allCases)
  func clashes(engine: AdminEngine) throws {
    let source = try SourceStore()
    for login in ["ada", "Bob", "zed", "rооt2"] {
      _ = try source.service.createAccount(login: login, password: "Zq7vLm2pR")
    }
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "BOB", password: "Zq7vLm2pR")
    _ = try store.service.createAccount(login: "root2", password: "Zq7vLm2pR")
    let run = store.admin("import", source.path)
    #expect(run.status == 1)
    #expect(run.complaints.first == "nothing imported: 2 logins clash")
    #expect(run.complaints.contains("  Bob: taken"))
    #expect(run.complaints.contains("  rооt2: a lookalike"))
    #expect(try store.service.account("ada") == nil)
    #expect(try store.service.account("zed") == nil)
  }

  @Test("the file is checked as a planted database: a symbolic link, open to others, missing")
  func plantedFile() throws {
    let source = try SourceStore()
    _ = try source.service.createAccount(login: "ada", password: "Zq7vLm2pR")
    let store = try AdminStore(.sqlite, review: false)
    let link = source.folder.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source.path)
    #expect(store.admin("import", link).status == 3)
    #expect(chmod(source.path, 0o644) == 0)
    let open = store.admin("import", source.path)
    #expect(open.status == 3)
    #expect(
      open.complaints.joined().contains(
        "cannot import \(source.path): it can be read or written by other users"))
    #expect(store.admin("import", source.folder.appendingPathComponent("none").path).status == 3)
    #expect(try store.service.account("ada") == nil)
  }

  @Test("a file of an older schema is refused, not migrated: left byte for byte as it was")
  func olderSource() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("old.sqlite").path
    // register 0.1.0's schema, as it wrote it (before databases were marked as its own).
    try ChildProcess.run(
      "/usr/bin/sqlite3",
      [
        path,
        """
        CREATE TABLE accounts (
          id INTEGER PRIMARY KEY,
          login TEXT NOT NULL,
          login_key TEXT NOT NULL,
          password_hash TEXT NOT NULL,
          created_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);
        INSERT INTO accounts (login, login_key, password_hash, created_at)
          VALUES ('old', 'old', '$y$j9T$x$y', '2026-01-01T00:00:00Z');
        PRAGMA user_version = 1;
        """,
      ])
    #expect(chmod(path, 0o600) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let store = try AdminStore(.sqlite, review: false)
    let run = store.admin("import", path)
    #expect(run.status == 3)
    #expect(run.complaints.joined().contains("it was written by an older register"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not migrated")
    #expect(try store.service.account("old") == nil)
  }
}
