import Accounts
import Foundation
import Registration
import Synchronization
import TestSupport
import Testing

@testable import Sync

/// `register sync --follow` against a real store: woken by NOTIFY, stopped by its flag.
@Suite("Sync follower")
struct SyncFollowerTests {
  final class Shared: Sendable {
    let stop = Atomic<Bool>(false)
    let passes = Atomic<Int>(0)
  }

  @Test("a sign-up reaches the files without waiting for the period; asked to stop, it ends")
  func follows() throws {
    let server = try PostgresServer.shared()
    let uri = try #require(PostgresURI(try server.makeDatabase()))
    let folder = NSTemporaryDirectory() + "register-follow-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shared = Shared()
    var pass = SyncPass(
      directory: try UnixDirectory(uri: uri, failoverWait: 1), settings: UnixSettings(),
      folder: ExtrausersFolder(path: folder), host: "a")
    // Local names of a host with none in the range.
    let local = folder + "/local"
    try "root:x:0:0::/root:/bin/sh\n".write(toFile: local, atomically: true, encoding: .utf8)
    pass.localFiles = (local, local)
    var follower = SyncFollower(
      pass: pass,
      log: { result in
        if case .success = result { shared.passes.add(1, ordering: .relaxed) }
      },
      shouldStop: { shared.stop.load(ordering: .relaxed) })
    // Far longer than the test waits: only a notification can bring the second pass.
    follower.period = .seconds(3600)
    let ended = DispatchSemaphore(value: 0)
    let running = follower
    Thread {
      running.run()
      ended.signal()
    }.start()
    defer {
      shared.stop.store(true, ordering: .relaxed)
      ended.wait()
    }
    #expect(wait { shared.passes.load(ordering: .relaxed) >= 1 })
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(login: "judy", password: "correct horse 1")
    #expect(
      wait {
        (try? String(contentsOfFile: folder + "/passwd", encoding: .utf8))?.contains("judy:x:")
          == true
      })
    shared.stop.store(true, ordering: .relaxed)
    #expect(ended.wait(timeout: .now() + 30) == .success)
    ended.signal()  // for the deferred wait
  }

  @Test(
    "following, its lock says the copy is current; a key removed is gone from it; stopped, no lock")
  func currentCopy() throws {
    let server = try PostgresServer.shared()
    let database = try server.makeDatabase()
    let uri = try #require(PostgresURI(database))
    let folder = NSTemporaryDirectory() + "register-current-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    chmod(folder, 0o755)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try AccountService(uri: uri, identity: FakeLoginPolicy())
    _ = try store.createAccount(
      SignUp(
        login: "judy", password: "correct horse 1",
        details: SignUpDetails(keys: [
          AccountKey(
            type: "ssh-ed25519", base64: "AAAAone", comment: "", fingerprint: "SHA256:one"),
          AccountKey(
            type: "ssh-ed25519", base64: "AAAAtwo", comment: "", fingerprint: "SHA256:two"),
        ])))
    let shared = Shared()
    var pass = SyncPass(
      directory: try UnixDirectory(uri: uri, failoverWait: 1), settings: UnixSettings(),
      folder: ExtrausersFolder(path: folder), host: "a")
    let local = folder + "/local"
    try "root:x:0:0::/root:/bin/sh\n".write(toFile: local, atomically: true, encoding: .utf8)
    pass.localFiles = (local, local)
    var follower = SyncFollower(
      pass: pass, log: { _ in }, shouldStop: { shared.stop.load(ordering: .relaxed) })
    follower.period = .seconds(3600)
    let ended = DispatchSemaphore(value: 0)
    let running = follower
    Thread {
      running.run()
      ended.signal()
    }.start()
    defer {
      shared.stop.store(true, ordering: .relaxed)
      ended.wait()
    }
    let both = ["ssh-ed25519 AAAAone", "ssh-ed25519 AAAAtwo"]
    #expect(
      wait {
        FollowerLock.isHeld(folder: folder)
          && (try? SyncedKeys.keys(of: "judy", folder: folder)) == both
      })
    _ = try server.psql(database, "DELETE FROM account_keys WHERE fingerprint = 'SHA256:one'")
    #expect(
      wait {
        FollowerLock.isHeld(folder: folder)
          && (try? SyncedKeys.keys(of: "judy", folder: folder)) == ["ssh-ed25519 AAAAtwo"]
      })
    shared.stop.store(true, ordering: .relaxed)
    #expect(ended.wait(timeout: .now() + 30) == .success)
    ended.signal()
    #expect(!FollowerLock.isHeld(folder: folder))
  }

  /// Polls `condition` for up to 30 seconds.
  func wait(_ condition: () -> Bool) -> Bool {
    for _ in 0..<300 {
      if condition() { return true }
      usleep(100_000)
    }
    return condition()
  }
}
