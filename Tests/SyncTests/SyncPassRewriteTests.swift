import Accounts
import Registration
import TestSupport
import Testing

@testable import Sync

#if canImport(Glibc)
  import Glibc
#endif

extension SyncPassTests {
  /// The file at `name`: its inode, which a rename over it changes.
  func inode(_ name: String) -> ino_t? {
    var status = stat()
    return lstat(folder + "/" + name, &status) == 0 ? status.st_ino : nil
  }

  @Test("a pass that finds the files as the store has them leaves them; a change rewrites")
  func unchangedFilesLeft() throws {
    defer { cleanUp() }
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try pass().run()
    _ = try store.createAccount(login: "judy", password: "correct horse 1")
    _ = try pass().run()
    let names = ["passwd", "group", "shadow", SyncedKeys.fileName]
    let before = names.map(inode)
    #expect(try pass().run().filesWritten == 0)
    #expect(names.map(inode) == before)
    // A new account: passwd, group and shadow again, the keys' copy (none) as it was.
    _ = try store.createAccount(login: "henry", password: "correct horse 2")
    #expect(try pass().run().filesWritten == 3)
    let after = names.map(inode)
    #expect(zip(before, after).map { $0 != $1 } == [true, true, true, false])
    #expect(try read("passwd").contains("henry:x:"))
    // A file changed by hand, or its mode, is written again.
    chmod(folder + "/group", 0o666)
    #expect(try pass().run().filesWritten == 1)
    var status = stat()
    #expect(lstat(folder + "/group", &status) == 0 && status.st_mode & 0o7777 == 0o644)
  }
}
