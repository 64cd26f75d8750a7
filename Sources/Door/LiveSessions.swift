#if canImport(Glibc)
  import Glibc
#endif

/// The door's live sessions on this host, counted across processes: each holds an
/// exclusive `flock` on a file of its own in the session folder, so a session counts
/// exactly while its process lives (the kernel lets go of the lock when it ends, killed or
/// not; the file left behind is removed by the next one in).
///
/// Counting and entering happen under the folder's own lock (`.lock`), so two sessions
/// racing for the last seat cannot both take it, and no file is removed while it is being
/// made.
public struct LiveSessions: Sendable {
  /// The session folder's descriptor (see `SessionFolder`).
  private let folder: Int32
  private let entryCalls: EntryCalls

  public init(folder: Int32) {
    self.init(folder: folder, entryCalls: .system)
  }

  init(folder: Int32, entryCalls: EntryCalls) {
    self.folder = folder
    self.entryCalls = entryCalls
  }

  /// How an entry is opened and its lock tried (the tests make them fail as a system out
  /// of descriptors or locks would).
  struct EntryCalls: Sendable {
    /// `openat` of the entry named, in the folder given, for reading; -1 and `errno`.
    var open: @Sendable (Int32, String) -> Int32
    /// A shared `flock` of the entry, not waiting; -1 and `errno`.
    var lock: @Sendable (Int32) -> Int32

    static let system = EntryCalls(
      open: { openat($0, $1, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) },
      lock: { flock($0, LOCK_SH | LOCK_NB) })
  }

  /// How many sessions are live, in all and from `address`.
  public struct Count: Equatable, Sendable {
    public var total: Int
    public var fromAddress: Int

    public init(total: Int = 0, fromAddress: Int = 0) {
      self.total = total
      self.fromAddress = fromAddress
    }
  }

  /// Takes a seat for a session from `address`, or says why there is none. The seat is
  /// held until `SessionSeat.leave()` or the end of the process.
  public func enter(address: String, limits: SessionLimits) throws(SessionRefusal)
    -> SessionSeat
  {
    let lock = try lockFolder()
    defer { close(lock) }
    let count = try liveCount(address: address, removingStale: true)
    if count.fromAddress >= limits.perAddress { throw .addressFull(limit: limits.perAddress) }
    if count.total >= limits.total { throw .full(limit: limits.total) }
    return try seat(address: address)
  }

  /// The sessions live now (for the tests and the admin; takes the folder's lock).
  public func count(address: String) throws(SessionRefusal) -> Count {
    let lock = try lockFolder()
    defer { close(lock) }
    return try liveCount(address: address, removingStale: false)
  }

  /// Entries are `s-ADDRESS-PID-RANDOM`, the address in hexadecimal so that no byte of it
  /// can make a path; what is not named so is not ours and is left alone.
  static let prefix = "s-"

  static func key(of address: String) -> String {
    address.utf8.prefix(64).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// The folder's lock, waited for at most five seconds (it is held only while counting).
  private func lockFolder() throws(SessionRefusal) -> Int32 {
    let lock = openat(folder, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw .uncountable("cannot open the lock: \(Self.reason())") }
    var status = stat()
    guard fstat(lock, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_uid == geteuid()
    else {
      close(lock)
      throw .uncountable("the lock is not a file of this user's")
    }
    for _ in 0..<500 {
      if flock(lock, LOCK_EX | LOCK_NB) == 0 { return lock }
      guard errno == EWOULDBLOCK || errno == EINTR else { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
      nanosleep(&pause, nil)
    }
    close(lock)
    throw .uncountable("the lock stayed taken")
  }

  /// Counts the entries whose lock is held; with `removingStale`, removes those whose
  /// process is gone, and anything planted under our names that is not a plain file.
  private func liveCount(address: String, removingStale: Bool) throws(SessionRefusal) -> Count {
    let listing = dup(folder)
    guard listing >= 0, let directory = fdopendir(listing) else {
      if listing >= 0 { close(listing) }
      throw .uncountable("cannot list the folder: \(Self.reason())")
    }
    defer { closedir(directory) }
    rewinddir(directory)
    let mine = Self.prefix + Self.key(of: address) + "-"
    var count = Count()
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(Self.prefix) else { continue }
      switch state(of: name) {
      case .live:
        count.total += 1
        if name.hasPrefix(mine) { count.fromAddress += 1 }
      case .stale, .foreign:
        if removingStale { unlinkat(folder, name, 0) }
      case .gone: break
      case .unreadable(let reason):
        // Perhaps a live session's: never removed, and no seat given on a guess.
        throw .uncountable("cannot read a session's entry: \(reason)")
      }
    }
    return count
  }

  private enum EntryState: Equatable {
    case live, stale, foreign, gone
    /// Neither provably live nor provably stale (out of descriptors or locks): why.
    case unreadable(String)
  }

  /// Whether an entry's lock is held. Opened without following a link and without
  /// blocking (a planted FIFO would hang an open); what is a link, not a regular file, or
  /// not this user's is foreign. Only a lock we could take proves an entry stale.
  private func state(of name: String) -> EntryState {
    let entry = entryCalls.open(folder, name)
    guard entry >= 0 else {
      let error = errno
      if error == ENOENT { return .gone }
      if error == ELOOP { return .foreign }
      var status = stat()
      guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
        return errno == ENOENT ? .gone : .unreadable(Self.reason(error))
      }
      let ours = status.st_mode & S_IFMT == S_IFREG && status.st_uid == geteuid()
      return ours ? .unreadable(Self.reason(error)) : .foreign
    }
    defer { close(entry) }
    var status = stat()
    guard fstat(entry, &status) == 0 else { return .unreadable(Self.reason()) }
    guard status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { return .foreign }
    while entryCalls.lock(entry) != 0 {
      if errno == EINTR { continue }
      return errno == EWOULDBLOCK ? .live : .unreadable(Self.reason())
    }
    return .stale
  }

  /// A new entry, made and locked while the folder is locked: never seen unlocked.
  private func seat(address: String) throws(SessionRefusal) -> SessionSeat {
    for _ in 0..<8 {
      let name =
        Self.prefix + Self.key(of: address) + "-\(getpid())-"
        + String(UInt64.random(in: .min ... .max), radix: 16)
      let entry = openat(
        folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if entry < 0 && errno == EEXIST { continue }
      guard entry >= 0 else { throw .uncountable("cannot make an entry: \(Self.reason())") }
      guard flock(entry, LOCK_EX | LOCK_NB) == 0 else {
        close(entry)
        unlinkat(folder, name, 0)
        throw .uncountable("cannot lock an entry: \(Self.reason())")
      }
      return SessionSeat(folder: folder, name: name, descriptor: entry)
    }
    throw .uncountable("cannot name an entry")
  }

  private static func reason(_ error: Int32 = errno) -> String { String(cString: strerror(error)) }
}
