/// A pending timer of the run loop; ``cancel()`` keeps its action from running.
public final class ScheduledTimer {
  /// True once ``cancel()`` was called.
  public private(set) var isCancelled = false
  let deadline: ContinuousClock.Instant
  let action: () -> Void

  init(deadline: ContinuousClock.Instant, action: @escaping () -> Void) {
    self.deadline = deadline
    self.action = action
  }

  /// Keeps the action from running; it is forgotten at the next wait.
  public func cancel() { isCancelled = true }
}

/// Timers of the run loop, earliest first, on the loop's clock. Nothing polls: the loop
/// sleeps until the earliest deadline or the next input.
struct TimerQueue {
  let clock: any LoopClock
  private var timers: [ScheduledTimer] = []

  init(clock: any LoopClock) { self.clock = clock }

  /// Runs `action` once `delay` has passed on the clock.
  mutating func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    let timer = ScheduledTimer(deadline: clock.now + delay, action: action)
    // After the timers due at the same time: they run in the order they were scheduled.
    let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
    timers.insert(timer, at: index)
    return timer
  }

  /// When the earliest live timer is due.
  mutating func nextDeadline() -> ContinuousClock.Instant? {
    timers.removeAll(where: \.isCancelled)
    return timers.first?.deadline
  }

  /// Removes and returns the timers due now, in order. The caller checks `isCancelled`
  /// as it runs them: one may cancel another.
  mutating func takeDue() -> [ScheduledTimer] {
    let now = clock.now
    let due = Array(timers.prefix { $0.deadline <= now })
    timers.removeFirst(due.count)
    return due
  }
}
