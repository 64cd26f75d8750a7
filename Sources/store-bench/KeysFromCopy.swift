// `register keys` on a host whose `register sync --follow` holds its copy current: the
// keys come from the copy, without connecting to the store.
import Sync

#if canImport(Glibc)
  import Glibc
#endif

enum KeysFromCopy {
  /// Waits (up to ten minutes: the first pass over a million accounts) for the follower's
  /// lock in `folder`, times `program keys --folder FOLDER` for logins with a key and
  /// without, and checks the lock was held throughout (else the store answered).
  static func run(location: String, program: String, folder: String) {
    var waited = 0
    while !FollowerLock.isHeld(folder: folder) {
      guard waited < 6000 else { fail("register sync --follow never held \(folder)") }
      usleep(100_000)
      waited += 1
    }
    guard (try? SyncedKeys.keys(of: "user1", folder: folder))?.isEmpty == false else {
      fail("the copy in \(folder) has no key of user1")
    }
    var generator = SystemRandomNumberGenerator()
    let more = ["--folder", folder]
    let withKey = keysCommandTimes(program: program, location: location, more: more, count: 500) {
      _ in "user\(Int.random(in: 1...1_000_000, using: &generator))"
    }
    let unknown = keysCommandTimes(program: program, location: location, more: more, count: 500) {
      _ in "nobody\(Int.random(in: 1...1_000_000, using: &generator))"
    }
    guard FollowerLock.isHeld(folder: folder) else {
      fail("the follower let its lock go while measuring: measure again")
    }
    print("register keys from the copy, a key:  \(summary(withKey))")
    print("register keys from the copy, none:   \(summary(unknown))")
  }
}
