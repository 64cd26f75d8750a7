import Synchronization

/// Where a run loop reads the time: the system's `ContinuousClock` in a program, a
/// ``ManualClock`` in tests, so that timers can be tested in virtual time.
///
/// Instants are `ContinuousClock.Instant`s in both, so deadlines pass unchanged between a
/// screen and the loop that waits on it.
public protocol LoopClock: Sendable {
  /// The current instant.
  var now: ContinuousClock.Instant { get }
}

extension ContinuousClock: LoopClock {}

/// A clock that moves only when told: virtual time for tests.
///
/// ``MemoryScreen`` moves it while it "waits" (see ``MemoryScreen/pause(_:)``); a test may
/// also move it by hand. It starts at the real clock's instant of its creation.
public final class ManualClock: LoopClock {
  private let instant: Mutex<ContinuousClock.Instant>

  /// A clock standing at the real clock's current instant.
  public init() { instant = Mutex(ContinuousClock.now) }

  /// The clock's instant: it changes only by ``advance(by:)`` and ``advance(to:)``.
  public var now: ContinuousClock.Instant { instant.withLock { $0 } }

  /// Moves the clock forward by `duration` (a negative one is ignored).
  public func advance(by duration: Duration) {
    instant.withLock { $0 = $0 + max(.zero, duration) }
  }

  /// Moves the clock forward to `deadline`, if it is later than now.
  public func advance(to deadline: ContinuousClock.Instant) {
    instant.withLock { $0 = max($0, deadline) }
  }
}
