import Registration
import Widgets

/// The view models' scheduler on the terminal run loop: timers are the loop's timers,
/// slow work runs on the application's worker thread.
public final class ApplicationScheduler: Scheduler {
  private unowned let application: Application

  public init(_ application: Application) {
    self.application = application
  }

  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
    TimerCancellation(timer: application.schedule(after: delay, action))
  }

  public func perform<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void
  ) {
    application.perform(work, then: completion)
  }

  private struct TimerCancellation: Cancellable {
    let timer: ScheduledTimer
    func cancel() { timer.cancel() }
  }
}
