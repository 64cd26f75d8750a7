#if canImport(Glibc)
  import Glibc
#endif

/// The sign that this host's keys' copy is current: `register sync --follow` holds a write
/// lock on `register-keys.current` in the extrausers folder exactly while it is connected
/// to the store, listening, and has finished a pass since the last change it was told of,
/// and it touches the file every second while it waits. `register keys` probes the lock
/// (no connection, microseconds) and answers from the copy only while it is held and
/// fresh.
///
/// An open file description's lock (F_OFD_SETLK): a write lock needs the file open for
/// writing, which only root can (0644 root:root in a folder only root writes), so no one
/// else can fake it; a reader may take a read lock, which only keeps `register keys` on
/// the store. The kernel drops the lock with the process; a follower that hangs stops
/// touching the file, and after `freshFor` its lock is not believed.
public final class FollowerLock: @unchecked Sendable {
  public static let fileName = "register-keys.current"
  /// How old the file's last touch may be for the lock to be believed.
  public static let freshFor: Int = 10

  // Linux's numbers (fcntl.h under _GNU_SOURCE, which Swift's Glibc does not show).
  static let getLock: Int32 = 36
  static let setLock: Int32 = 37

  private let path: String
  /// Only the follower's own thread touches it.
  private var descriptor: Int32 = -1
  public private(set) var isHeld = false

  public init(folder: String) {
    path = folder + "/" + Self.fileName
  }

  deinit { close() }

  /// Takes the lock (the file made when missing); false when it cannot: another follower
  /// holds it, someone holds a read lock, or the file is not one to trust.
  @discardableResult
  public func hold() -> Bool {
    if isHeld { return touch() }
    if descriptor < 0 {
      let opened = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard opened >= 0 else { return false }
      var status = stat()
      guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == geteuid(), fchmod(opened, 0o644) == 0
      else {
        Glibc.close(opened)
        return false
      }
      descriptor = opened
    }
    var lock = Self.wholeFile(F_WRLCK)
    isHeld = fcntl(descriptor, Self.setLock, &lock) == 0
    return isHeld && touch()
  }

  /// Says the holder is alive (the file's time now); false when it is not held.
  @discardableResult
  public func touch() -> Bool {
    guard isHeld else { return false }
    return futimens(descriptor, nil) == 0
  }

  /// Lets the lock go: the copy may be behind the store from now on.
  public func release() {
    guard isHeld else { return }
    var lock = Self.wholeFile(F_UNLCK)
    _ = fcntl(descriptor, Self.setLock, &lock)
    isHeld = false
  }

  public func close() {
    release()
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Whether a follower holds the lock in `folder` now, and touched it within `freshFor`
  /// seconds: the folder and file trusted (TrustedFile), a write lock on the whole file.
  public static func isHeld(folder: String) -> Bool {
    guard let (descriptor, status) = TrustedFile.open(fileName, in: folder) else { return false }
    defer { Glibc.close(descriptor) }
    var now = timespec()
    guard clock_gettime(CLOCK_REALTIME, &now) == 0,
      abs(now.tv_sec - status.st_mtim.tv_sec) <= freshFor
    else { return false }
    var lock = wholeFile(F_WRLCK)
    return fcntl(descriptor, getLock, &lock) == 0 && lock.l_type == Int16(F_WRLCK)
  }

  private static func wholeFile(_ type: Int32) -> flock {
    var lock = flock()
    lock.l_type = Int16(type)
    lock.l_whence = Int16(SEEK_SET)
    return lock
  }
}
