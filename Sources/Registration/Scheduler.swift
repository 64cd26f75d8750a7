/// Something scheduled that can be called off.
public protocol Cancellable {
  func cancel()
}

/// Where view models put work that is not immediate: timers (debounce) and slow calls
/// (the account store). The full-screen front end runs them on its run loop and a worker
/// thread, the line front end in order, and tests in virtual time, never sleeping.
public protocol Scheduler: AnyObject {
  /// Runs `action` on the interface thread after `delay`.
  func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable
  /// Runs `work` away from the interface thread, then `completion` with its result on it.
  func perform<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void)
}
