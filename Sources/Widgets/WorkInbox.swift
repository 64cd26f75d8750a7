import Synchronization

/// Results of background work waiting for the loop. The worker puts, the loop takes; a
/// result put wakes the loop's wait for input.
final class WorkInbox: Sendable {
  private let results = Mutex<[(Int, any Sendable)]>([])
  private let waker: Waker

  init(waker: Waker) { self.waker = waker }

  func deliver(_ id: Int, _ result: any Sendable) {
    results.withLock { $0.append((id, result)) }
    waker.wake()
  }

  func take() -> [(Int, any Sendable)] {
    results.withLock { results in
      defer { results.removeAll() }
      return results
    }
  }
}
