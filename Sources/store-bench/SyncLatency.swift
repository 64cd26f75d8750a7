// `store-bench sync-latency URI FOLDER RATE COUNT`: sign-ups, one a transaction, at RATE a
// second, while a `register sync --follow` (started by make bench-sync) writes FOLDER; for
// each, the time from its COMMIT (createAccount returning) to its login in FOLDER/passwd.
import Accounts
import Policy
import Registration
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

enum SyncLatency {
  /// The end of passwd read on each change: the newest accounts have the highest uids,
  /// and the sync writes in uid order, so they are in its last lines.
  static let tailBytes = 1 << 18
  /// How often the file is looked at.
  static let poll = Duration.milliseconds(1)

  static func run(uri: String, folder: String, rate: Int, count: Int) {
    let location = StoreLocation(uri)
    let opened: any ClosableAccountStore
    do { opened = try location.open(identity: UnicodeLoginPolicy()) } catch { fail("\(error)") }
    guard let store = opened as? any PrehashedAccountStore else { fail("no prehashed path") }
    defer { opened.close() }
    let stamp = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let hash: String
    do {
      hash = try store.createAccount(login: "lat\(stamp)h", password: "Zq7vLm2pR").passwordHash
    } catch { fail("\(error)") }
    let clock = ContinuousClock()
    let watch = PasswdWatch(path: folder + "/passwd")
    let seen = Mutex<[String: ContinuousClock.Instant]>([:])
    let expected = Mutex<Set<String>>(["lat\(stamp)h"])
    let stop = Atomic<Bool>(false)
    let watcher = startThread {
      while !stop.load(ordering: .relaxed) {
        if let logins = watch.changedTail() {
          let now = clock.now
          expected.withLock { wanted in
            for login in logins where wanted.contains(login) {
              wanted.remove(login)
              seen.withLock { $0[login] = now }
            }
          }
        }
        sleepFor(poll)
      }
    }
    // The first account in the file: the sync is up and has passed once.
    waitUntil(clock.now + .seconds(120)) { expected.withLock { $0.isEmpty } }
    var commits: [String: ContinuousClock.Instant] = [:]
    let start = clock.now
    for index in 0..<count {
      let due = start + .seconds(1) * index / rate
      if due > clock.now { sleepFor(due - clock.now) }
      let login = "lat\(stamp)x\(index)"
      expected.withLock { _ = $0.insert(login) }
      do { _ = try store.createAccount(login: login, passwordHash: hash) } catch {
        fail("\(login): \(error)")
      }
      commits[login] = clock.now
    }
    // After the last sign-up's due time (the writer's own lag).
    let late = clock.now - start - .seconds(count - 1) / rate
    waitUntil(clock.now + .seconds(120)) { expected.withLock { $0.isEmpty } }
    stop.store(true, ordering: .relaxed)
    pthread_join(watcher, nil)
    let missing = expected.withLock { $0.count }
    if missing > 0 { fail("\(missing) accounts never reached passwd") }
    let times = seen.withLock { seen in
      commits.map { login, commit in max(.zero, seen[login]! - commit) }
    }
    let ms = times.map { microseconds($0) / 1000 }.sorted()
    func rounded(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
    print(
      "commit to passwd at \(rate) sign-up\(rate == 1 ? "" : "s") a second: "
        + "p50 \(rounded(ms[ms.count / 2])) ms, p99 \(rounded(ms[ms.count * 99 / 100])) ms, "
        + "max \(rounded(ms.last!)) ms over \(ms.count) (the last sign-up \(rounded(microseconds(late) / 1000)) ms after its time)"
    )
  }

  private static func waitUntil(_ deadline: ContinuousClock.Instant, _ done: () -> Bool) {
    while !done() {
      if ContinuousClock.now > deadline { fail("the sync did not write the accounts in time") }
      sleepFor(.milliseconds(5))
    }
  }
}

/// passwd looked at for a change (a new file renamed over it, or a new time), and then the
/// logins of its last lines.
final class PasswdWatch: Sendable {
  let path: String
  private let last = Mutex<(ino_t, Int, Int)?>(nil)

  init(path: String) { self.path = path }

  /// The logins at the end of the file when it changed since the last call; nil otherwise.
  func changedTail() -> [String]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let now = (status.st_ino, status.st_mtim.tv_sec, status.st_mtim.tv_nsec)
    let changed = last.withLock { last in
      defer { last = now }
      guard let last else { return true }
      return last != now
    }
    guard changed else { return nil }
    let size = Int(status.st_size)
    let length = min(size, SyncLatency.tailBytes)
    var bytes = [UInt8](repeating: 0, count: length)
    let count = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, length, off_t(size - length))
    }
    guard count > 0 else { return [] }
    return bytes[..<count].split(separator: UInt8(ascii: "\n")).compactMap { line in
      line.firstIndex(of: UInt8(ascii: ":")).map { String(decoding: line[..<$0], as: UTF8.self) }
    }
  }
}

/// Starts `body` on a thread of its own.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
  final class Job: @unchecked Sendable {
    // Unchecked: the thread reads it once.
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { context in
      Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, Unmanaged.passRetained(Job(body)).toOpaque())
  guard created == 0 else { fail("cannot start a thread") }
  return thread
}

func sleepFor(_ time: Duration) {
  guard time > .zero else { return }
  let (seconds, attoseconds) = time.components
  var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  _ = nanosleep(&wait, nil)
}
