import Foundation
import Testing

@testable import Sync

/// The follower's lock, as `register keys` probes it: held and fresh, or not believed.
@Suite("Follower lock")
struct FollowerLockTests {
  let folder = NSTemporaryDirectory() + "register-lock-\(UUID().uuidString)"
  var path: String { folder + "/" + FollowerLock.fileName }

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    chmod(folder, 0o755)
  }

  func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

  @Test("held, it is seen; let go or closed, not; no file, not")
  func heldAndReleased() throws {
    defer { cleanUp() }
    #expect(!FollowerLock.isHeld(folder: folder))
    let lock = FollowerLock(folder: folder)
    #expect(lock.hold())
    #expect(FollowerLock.isHeld(folder: folder))
    #expect(lock.hold(), "held again: still held")
    lock.release()
    #expect(!FollowerLock.isHeld(folder: folder))
    #expect(lock.hold())
    #expect(FollowerLock.isHeld(folder: folder))
    let second = FollowerLock(folder: folder)
    #expect(!second.hold(), "a second follower does not take it")
    lock.close()
    #expect(!FollowerLock.isHeld(folder: folder))
  }

  @Test("a read lock (anyone may take one) is not the follower's, and keeps it out")
  func readLock() throws {
    defer { cleanUp() }
    let lock = FollowerLock(folder: folder)
    #expect(lock.hold())
    lock.release()
    let reader = open(path, O_RDONLY)
    defer { close(reader) }
    var shared = flock()
    shared.l_type = Int16(F_RDLCK)
    #expect(fcntl(reader, FollowerLock.setLock, &shared) == 0)
    #expect(!FollowerLock.isHeld(folder: folder))
    #expect(!lock.hold())
    #expect(!FollowerLock.isHeld(folder: folder))
    // Nor can a file open only for reading take the write lock.
    var exclusive = flock()
    exclusive.l_type = Int16(F_WRLCK)
    shared.l_type = Int16(F_UNLCK)
    _ = fcntl(reader, FollowerLock.setLock, &shared)
    #expect(fcntl(reader, FollowerLock.setLock, &exclusive) != 0)
    #expect(!FollowerLock.isHeld(folder: folder))
  }

  @Test("a holder that stopped touching the file (hung, stopped) is not believed")
  func stale() throws {
    defer { cleanUp() }
    let lock = FollowerLock(folder: folder)
    #expect(lock.hold())
    var old = [
      timespec(tv_sec: time(nil) - FollowerLock.freshFor - 5, tv_nsec: 0),
      timespec(tv_sec: time(nil) - FollowerLock.freshFor - 5, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, path, &old, 0) == 0)
    #expect(!FollowerLock.isHeld(folder: folder))
    #expect(lock.touch())
    #expect(FollowerLock.isHeld(folder: folder))
    lock.close()
  }

  @Test("a lock file others could write, a link, or a folder others write: not believed")
  func untrusted() throws {
    defer { cleanUp() }
    let lock = FollowerLock(folder: folder)
    #expect(lock.hold())
    chmod(path, 0o666)
    #expect(!FollowerLock.isHeld(folder: folder))
    chmod(path, 0o644)
    #expect(FollowerLock.isHeld(folder: folder))
    chmod(folder, 0o777)
    #expect(!FollowerLock.isHeld(folder: folder))
    chmod(folder, 0o755)
    let link = folder + "-link"
    symlink(folder, link)
    defer { unlink(link) }
    #expect(!FollowerLock.isHeld(folder: link))
    lock.close()
    // A link planted at the name is never followed, by the follower or the probe.
    unlink(path)
    let elsewhere = folder + "/elsewhere"
    _ = FileManager.default.createFile(atPath: elsewhere, contents: nil)
    symlink(elsewhere, path)
    #expect(!FollowerLock(folder: folder).hold())
    #expect(!FollowerLock.isHeld(folder: folder))
  }
}
