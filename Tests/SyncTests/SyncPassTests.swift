import Accounts
import Registration
import Synchronization
import TestSupport
import Testing

@testable import Sync

#if canImport(Glibc)
  import Glibc
#endif

/// A pass against a real PostgreSQL store, into a folder of its own.
@Suite("Sync pass")
struct SyncPassTests {
  let server: PostgresServer
  let database: String
  let uri: PostgresURI
  let folder: String

  init() throws {
    server = try PostgresServer.shared()
    database = try server.makeDatabase()
    uri = try #require(PostgresURI(database))
    var template = Array("/tmp/register-sync-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    folder = String(cString: try #require(made))
    chmod(folder, 0o755)
  }

  /// Local users and groups as a host's files would have them.
  func localFiles(users: String, groups: String) -> (passwd: String, group: String) {
    let passwd = folder + ".passwd"
    let group = folder + ".group"
    write(users, to: passwd)
    write(groups, to: group)
    return (passwd, group)
  }

  func write(_ text: String, to path: String) {
    let file = fopen(path, "w")
    fputs(text, file)
    fclose(file)
  }

  func read(_ name: String) throws -> String {
    try TextFile.read(folder + "/" + name)
  }

  func pass(
    host: String = "a", users: String = "root:x:0:0::/root:/bin/sh\n",
    groups: String = "root:x:0:\nshadow:x:42:\n", range: ClosedRange<Int> = 20000...20009
  ) throws -> SyncPass {
    var pass = SyncPass(
      directory: try UnixDirectory(uri: uri), settings: UnixSettings(uidRange: range),
      folder: ExtrausersFolder(path: folder), host: host)
    pass.localFiles = localFiles(users: users, groups: groups)
    return pass
  }

  func cleanUp() {
    for name in ["passwd", "group", "shadow", SyncedKeys.fileName] { unlink(folder + "/" + name) }
    rmdir(folder)
    unlink(folder + ".passwd")
    unlink(folder + ".group")
  }

  @Test(
    "active accounts are written with uids from the range; pending absent, locked `!`, deleted gone"
  )
  func states() throws {
    defer { cleanUp() }
    let sync = try pass()
    _ = try sync.run()  // the site's range reaches the store before the sign-ups
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "judy", password: "correct horse 1")
    _ = try store.createAccount(login: "henry", password: "correct horse 2")
    _ = try store.createAccount(login: "olga", password: "correct horse 3")
    let reviewed = try AccountService(
      uri: uri, identity: FakeLoginPolicy(), options: StoreOptions(review: true))
    _ = try reviewed.createAccount(login: "pat", password: "correct horse 4")
    _ = try store.lock("henry", reason: nil, by: "root")
    _ = try store.deleteAccount(login: "olga")
    let outcome = try sync.run()
    #expect(outcome.written == 2)
    let passwd = try read("passwd")
    #expect(
      passwd
        == "judy:x:20000:20000::/home/judy:/bin/bash\nhenry:x:20001:20001::/home/henry:/bin/bash\n")
    let shadow = try read("shadow").split(separator: "\n")
    #expect(shadow.count == 2)
    #expect(shadow[0].hasPrefix("judy:$y$"))
    #expect(shadow[1].hasPrefix("henry:!$y$"))
    #expect(try read("group") == "judy:x:20000:\nhenry:x:20001:\n")
    // Approved, pat gets the next uid from the approving statement.
    _ = try store.approve("pat", by: "root")
    _ = try sync.run()
    #expect(try read("passwd").contains("pat:x:20003:20003::/home/pat:/bin/bash\n"))
  }

  @Test(
    "passwd 0644 root:root, shadow 0640 root:shadow; a planted symbolic link is replaced, not followed"
  )
  func modes() throws {
    defer { cleanUp() }
    let victim = folder + ".victim"
    write("untouched\n", to: victim)
    defer { unlink(victim) }
    symlink(victim, folder + "/shadow")
    _ = try pass().run()
    #expect(try TextFile.read(victim) == "untouched\n")
    var status = stat()
    #expect(lstat(folder + "/shadow", &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFREG)
    #expect(status.st_mode & 0o7777 == 0o640)
    #expect(status.st_uid == 0 && status.st_gid == 42)
    #expect(lstat(folder + "/passwd", &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o644 && status.st_uid == 0 && status.st_gid == 0)
  }

  @Test("a folder that is a symbolic link is refused, nothing written")
  func folderLink() throws {
    defer { cleanUp() }
    let link = folder + ".link"
    symlink(folder, link)
    defer { unlink(link) }
    var sync = try pass()
    sync = SyncPass(
      directory: sync.directory, settings: sync.settings, folder: ExtrausersFolder(path: link),
      host: "a")
    #expect(throws: SyncError.self) { try sync.run() }
    #expect(access(folder + "/passwd", F_OK) != 0)
  }

  @Test("a local name of any syncing host is taken at sign-up; a local id is never a uid")
  func localNamesTaken() throws {
    defer { cleanUp() }
    // Host b has henry (uid 20000) of its own, and a group with id 20001.
    _ = try pass(
      host: "b", users: "henry:x:20000:20000::/home/henry:/bin/sh\n",
      groups: "henry:x:20000:\nstaff:x:20001:\n"
    ).run()
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    #expect(try store.isLoginTaken("henry"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "henry", password: "correct horse 1")
    }
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(login: "Staff", password: "correct horse 1")
    }
    _ = try store.createAccount(login: "judy", password: "correct horse 2")
    _ = try pass(host: "a").run()
    #expect(try read("passwd") == "judy:x:20002:20002::/home/judy:/bin/bash\n")
  }

  @Test("hosts signing up at once never share a uid")
  func racingUIDs() throws {
    defer { cleanUp() }
    _ = try pass(range: 20000...20099).run()
    let results = try concurrently(16) { index in
      (try AccountService(uri: uri, identity: FakeLoginPolicy()), index)
    } run: { store, index in
      Result { () throws(AccountStoreError) in
        try store.createAccount(login: "user\(index)", passwordHash: "$y$j9T$x$hash\(index)")
      }
    }
    #expect(results.allSatisfy { (try? $0.get()) != nil }, "\(results)")
    _ = try pass(range: 20000...20099).run()
    let uids = try read("passwd").split(separator: "\n").map { $0.split(separator: ":")[2] }
    #expect(uids.count == 16)
    #expect(Set(uids).count == 16)
    #expect(Set(uids) == Set((20000..<20016).map { Substring(String($0)) }))
  }

  @Test("the range full: a sign-up fails; accounts from before get uids as far as it goes")
  func rangeFull() throws {
    defer { cleanUp() }
    _ = try pass(range: 20000...20001).run()
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    // Accounts from before the store gave uids: the trigger was not there.
    _ = try server.psql(database, "ALTER TABLE accounts DISABLE TRIGGER accounts_unix_identity")
    for login in ["one", "two", "three"] {
      _ = try store.createAccount(login: login, password: "correct horse 1")
    }
    _ = try server.psql(database, "ALTER TABLE accounts ENABLE TRIGGER accounts_unix_identity")
    let outcome = try pass(range: 20000...20001).run()
    #expect(outcome.uidsGiven == 2 && outcome.rangeFull && outcome.written == 2)
    #expect(try read("passwd").split(separator: "\n").count == 2)
    #expect(throws: AccountStoreError.self) {
      try store.createAccount(login: "four", password: "correct horse 3")
    }
    // A second pass finds the same: nothing more to give, no loop.
    #expect(try pass(range: 20000...20001).run().written == 2)
  }

  @Test("the keys' copy holds the active accounts' keys, read back by login")
  func keys() throws {
    defer { cleanUp() }
    _ = try pass().run()
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "judy", password: "correct horse 1")
    _ = try store.createAccount(login: "henry", password: "correct horse 2")
    _ = try server.psql(
      database,
      """
      INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
      SELECT 'SHA256:' || login, id, 'ssh-ed25519', 'AAAA' || login, 'c', now() FROM accounts
      """)
    _ = try store.lock("henry", reason: nil, by: "root")
    let outcome = try pass().run()
    #expect(outcome.keys == 1)
    #expect(try SyncedKeys.keys(of: "judy", folder: folder) == ["ssh-ed25519 AAAAjudy c"])
    #expect(try SyncedKeys.keys(of: "henry", folder: folder) == [])
    #expect(try SyncedKeys.keys(of: "jud", folder: folder) == [])
  }

  @Test("a change to accounts wakes a waiting sync (NOTIFY); none leaves it to the timeout")
  func notifications() throws {
    defer { cleanUp() }
    let directory = try UnixDirectory(uri: uri)
    try directory.listen()
    // A pass that changes nothing does not wake the sync (it would pass again for ever).
    _ = try pass().run()
    _ = try pass().run()
    #expect(try !directory.waitForChange(timeout: .milliseconds(200)))
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "judy", password: "correct horse 1")
    #expect(try directory.waitForChange(timeout: .seconds(10)))
  }
}
