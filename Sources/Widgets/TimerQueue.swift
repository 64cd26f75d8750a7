/// A pending timer; `cancel()` keeps its action from running.
public final class ScheduledTimer {
  public private(set) var isCancelled = false
  let deadline: ContinuousClock.Instant
  let action: () -> Void

  init(deadline: ContinuousClock.Instant, action: @escaping () -> Void) {
    self.deadline = deadline
    self.action = action
  }

  public func cancel() { isCancelled = true }
}

/// Timers of the run loop, earliest first. Nothing polls: the loop sleeps until the
/// earliest deadline or the next input.
struct TimerQueue {
  private var timers: [ScheduledTimer] = []

  mutating func add(_ timer: ScheduledTimer) {
    let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
    timers.insert(timer, at: index)
  }

  /// When the earliest live timer is due.
  mutating func nextDeadline() -> ContinuousClock.Instant? {
    timers.removeAll(where: \.isCancelled)
    return timers.first?.deadline
  }

  /// Removes and returns the timers due at `now`, in order. The caller checks
  /// `isCancelled` as it runs them: one may cancel another.
  mutating func takeDue(at now: ContinuousClock.Instant) -> [ScheduledTimer] {
    let due = Array(timers.prefix { $0.deadline <= now })
    timers.removeFirst(due.count)
    return due
  }
}
