import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The hard end of a session (`--session-limit`): whatever comes in, after so many
/// seconds the session ends as SIGTERM ends it (an account being written is finished and
/// reported first, the terminal restored, status 143), after `notice` is written.
///
/// A thread of its own waits for the deadline on the monotonic clock, so no key, paste or
/// byte can move it, and nothing in the run loop has to know.
public enum SessionDeadline {
  /// True once the deadline has passed and the session was told to end.
  public static var reached: Bool { passed.load(ordering: .acquiring) }

  private static let passed = Atomic<Bool>(false)

  /// Starts waiting for `seconds`; at the deadline `notice` (if any) goes to stderr and
  /// the process gets SIGTERM. Call once, after any fork that must happen before threads.
  public static func start(seconds: Int, notice: String?) {
    let context = Unmanaged.passRetained(
      Deadline(seconds: seconds, notice: notice.map { Array($0.utf8) } ?? [])
    ).toOpaque()
    // The thread starts with every signal blocked, so that signals still reach the main
    // thread as they did before it existed (the handlers there restore the terminal).
    var all = sigset_t()
    var previous = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_SETMASK, &all, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let deadline = Unmanaged<Deadline>.fromOpaque(context).takeRetainedValue()
        deadline.wait()
        SessionDeadline.passed.store(true, ordering: .releasing)
        var notice = deadline.notice
        if !notice.isEmpty { _ = write(STDERR_FILENO, &notice, notice.count) }
        kill(getpid(), SIGTERM)
        return nil
      }, context)
    if started == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Deadline>.fromOpaque(context).release()
    }
  }

  /// What the waiting thread needs.
  private final class Deadline {
    let seconds: Int
    let notice: [UInt8]

    init(seconds: Int, notice: [UInt8]) {
      self.seconds = seconds
      self.notice = notice
    }

    /// Sleeps until `seconds` have passed on the monotonic clock (an interrupted sleep
    /// goes on to the same deadline).
    func wait() {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      var end = timespec(tv_sec: now.tv_sec + seconds, tv_nsec: now.tv_nsec)
      while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &end, nil) == EINTR {}
    }
  }
}
