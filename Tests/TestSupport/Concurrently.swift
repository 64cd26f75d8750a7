import Foundation
import Synchronization
import Testing

/// Runs `count` threads: each prepares (outside the race), then all wait at one gate and
/// run together. Real threads: the test runner's pool may have as few as two.
public func concurrently<Prepared, Result: Sendable>(
  _ count: Int, prepare: @escaping @Sendable (Int) throws -> Prepared,
  run: @escaping @Sendable (Prepared) -> Result
) throws -> [Result] {
  let results = Mutex<[Int: Swift.Result<Result, any Error>]>([:])
  let ready = DispatchGroup()
  let finished = DispatchGroup()
  let gate = DispatchSemaphore(value: 0)
  for index in 0..<count {
    ready.enter()
    finished.enter()
    let thread = Thread {
      let prepared = Swift.Result { try prepare(index) }
      ready.leave()
      gate.wait()
      let result = prepared.map { run($0) }
      results.withLock { $0[index] = result.mapError { $0 as any Error } }
      finished.leave()
    }
    thread.start()
  }
  ready.wait()
  for _ in 0..<count { gate.signal() }
  finished.wait()
  return try results.withLock { all in try (0..<count).map { try all[$0]!.get() } }
}

/// Polls `condition` until it holds (at most about 30 seconds, then the test fails).
public func waitUntil(_ condition: () throws -> Bool) throws {
  for _ in 0..<600 {
    if try condition() { return }
    usleep(50_000)
  }
  Issue.record("the condition never held")
}
