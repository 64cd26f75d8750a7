import Observation
import Registration

/// Ends a session nobody is using (`--idle-timeout`): after `timeout` without input it
/// calls `onExpired`; a little before, it says so (`notice`, shown under the button), and
/// any input takes the notice away and starts the count again.
///
/// Its timers are the scheduler's: the run loop's on the terminal, virtual time in tests.
@Observable
public final class IdleTimeout {
  /// What the screens show while the session is about to close; nil otherwise.
  public private(set) var notice: String?
  @ObservationIgnored public var onExpired: () -> Void = {}

  @ObservationIgnored public let timeout: Duration
  /// How long before the end the notice shows: a minute, or half of a shorter timeout.
  @ObservationIgnored public let warning: Duration
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings
  @ObservationIgnored private var timer: (any Cancellable)?

  public init(seconds: Int, scheduler: any Scheduler, strings: Strings) {
    timeout = .seconds(seconds)
    warning = .seconds(min(60, seconds / 2))
    self.scheduler = scheduler
    self.strings = strings
  }

  /// Starts the count again: input came (or the session began).
  public func restart() {
    timer?.cancel()
    assign(nil, to: \.notice)
    timer = scheduler.schedule(after: timeout - warning) { [weak self] in self?.warn() }
  }

  /// Stops counting (the session is over).
  public func stop() {
    timer?.cancel()
    timer = nil
  }

  private func warn() {
    let seconds = Int(warning.components.seconds)
    if seconds > 0 { notice = strings.idleWarning(seconds) }
    timer = scheduler.schedule(after: warning) { [weak self] in
      self?.timer = nil
      self?.onExpired()
    }
  }
}
