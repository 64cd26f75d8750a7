/// A scheduler that runs nothing until told: timers fire when `advance(by:)` passes their
/// deadline (virtual time: nothing sleeps), slow work waits until `finishWork` runs it.
///
/// The line-by-line front end calls `settle()` after each answer, since nobody types while
/// the store is asked; tests step it as they like, finishing work in any order.
public final class ManualScheduler: Scheduler {
  public private(set) var now = Duration.zero
  private var timers: [(deadline: Duration, order: Int, timer: Timer)] = []
  private var jobs: [() -> Void] = []
  private var order = 0

  public init() {}

  final class Timer: Cancellable {
    var isCancelled = false
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    func cancel() { isCancelled = true }
  }

  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
    let timer = Timer(action)
    order += 1
    timers.append((now + delay, order, timer))
    return timer
  }

  public func perform<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void
  ) {
    jobs.append { completion(work()) }
  }

  /// Timers still waiting (not cancelled, not fired).
  public var pendingTimers: Int { timers.filter { !$0.timer.isCancelled }.count }
  /// Slow calls started and not yet finished.
  public var pendingWork: Int { jobs.count }

  /// Moves time on, firing every timer that comes due, in order.
  public func advance(by duration: Duration) {
    let end = now + duration
    while let next = timers.filter({ !$0.timer.isCancelled && $0.deadline <= end })
      .min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) })
    {
      timers.removeAll { $0.timer === next.timer }
      now = next.deadline
      next.timer.action()
    }
    timers.removeAll { $0.timer.isCancelled }
    now = end
  }

  /// Finishes the slow call at `index` (0 is the oldest): runs it and its completion.
  public func finishWork(at index: Int = 0) {
    jobs.remove(at: index)()
  }

  /// Finishes every slow call, oldest first, including any their completions start.
  public func finishAllWork() {
    while !jobs.isEmpty { finishWork() }
  }

  /// Lets everything pending happen: time passes until no timer is left, and every slow
  /// call finishes.
  public func settle() {
    while pendingTimers > 0 || pendingWork > 0 {
      finishAllWork()
      if let next = timers.filter({ !$0.timer.isCancelled }).map(\.deadline).min() {
        advance(by: next - now)
      }
    }
  }
}
