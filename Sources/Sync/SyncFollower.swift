import Accounts
import Registration

/// `register sync --follow`: a pass, then another whenever the store says accounts or keys
/// changed (LISTEN/NOTIFY), and a full one every `period` in any case, so that a lost
/// notification costs at most that. A store that is away is tried again after a wait that
/// doubles up to `longestBackoff`. Ends when `shouldStop` says so (SIGTERM), between
/// passes, within about a second.
public struct SyncFollower: Sendable {
  public let pass: SyncPass
  public var period: Duration = .seconds(300)
  public var longestBackoff: Duration = .seconds(60)
  /// Told each pass's result, or why it failed (for the system log).
  public let log: @Sendable (Result<SyncPass.Outcome, SyncError>) -> Void
  public let shouldStop: @Sendable () -> Bool

  /// How long one wait lasts before `shouldStop` is asked again.
  static let tick: Duration = .seconds(1)

  public init(
    pass: SyncPass, log: @escaping @Sendable (Result<SyncPass.Outcome, SyncError>) -> Void,
    shouldStop: @escaping @Sendable () -> Bool
  ) {
    self.pass = pass
    self.log = log
    self.shouldStop = shouldStop
  }

  public func run() {
    // Held only while waiting with nothing left untold: `register keys` then answers
    // from the copy without connecting (FollowerLock).
    let current = FollowerLock(folder: pass.folder.path)
    defer { current.close() }
    var backoff = Duration.seconds(1)
    while !shouldStop() {
      current.release()
      do throws(SyncError) {
        // Listening before the pass: a change made during it wakes the next.
        let session: String
        do throws(AccountStoreError) {
          try pass.directory.listen()
          session = try pass.directory.session()
        } catch {
          throw .store(error)
        }
        log(.success(try pass.run()))
        backoff = .seconds(1)
        // The same session throughout (no change was missed while the pass read), and no
        // change told since the pass began; else another pass first, the lock not taken.
        do throws(AccountStoreError) {
          guard try pass.directory.session() == session,
            !(try pass.directory.waitForChange(timeout: .milliseconds(1)))
          else { continue }
          current.hold()
        } catch {
          throw .store(error)
        }
        try waitForChange(current)
      } catch {
        current.release()
        log(.failure(error))
        pause(backoff)
        backoff = min(backoff * 2, longestBackoff)
      }
    }
  }

  /// Until a change, the period's end, or `shouldStop`; `current` touched each tick while
  /// held, and let go at once when a change is told.
  private func waitForChange(_ current: FollowerLock) throws(SyncError) {
    let end = ContinuousClock.now + period
    while !shouldStop() {
      let left = end - .now
      if left <= .zero { return }
      do throws(AccountStoreError) {
        if try pass.directory.waitForChange(timeout: min(left, Self.tick)) {
          current.release()
          return
        }
      } catch {
        current.release()
        throw .store(error)
      }
      current.touch()
    }
  }

  private func pause(_ time: Duration) {
    let end = ContinuousClock.now + time
    while !shouldStop(), ContinuousClock.now < end {
      let step = min(end - .now, Self.tick)
      if step > .zero { sleep(for: step) }
    }
  }

  private func sleep(for time: Duration) {
    let (seconds, attoseconds) = time.components
    var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    _ = nanosleep(&wait, nil)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
