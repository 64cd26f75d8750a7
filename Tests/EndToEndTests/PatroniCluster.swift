import Foundation
import TestSupport

/// A three-node site on 127.0.0.1 for one test: etcd and three PostgreSQL servers under
/// Patroni, from the shipped deploy/patroni/patroni.yml, through scripts/patroni-cluster.sh
/// (which says what it changes in that file). Nothing of it is a child of the test
/// process; a `Watchdog` stops it all however the test process ends, and `remove()` at the
/// end of the test.
final class PatroniCluster {
  let directory: String
  private let watchdog: Int32
  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/patroni-cluster.sh").path

  init() throws {
    // The script makes the folder (0700, nobody's when root).
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-patroni-\(UUID().uuidString)").path
    watchdog = try Watchdog.start(stop: [Self.script, "stop", directory], removing: directory)
    do {
      try run("start", timeout: .seconds(300))
    } catch {
      remove()
      throw error
    }
  }

  deinit { remove() }

  /// register's URI: the three hosts, the one that takes writes.
  func uri() throws -> String { try run("uri") }

  /// The leader's name (`node1`…`node3`).
  func leader() throws -> String { try run("leader") }

  /// Takes the leader away: `kill` as a machine that died (SIGKILL to Patroni and
  /// PostgreSQL), `cut` as one behind a cut network (Patroni killed, PostgreSQL frozen:
  /// connections to it hang). Returns the old leader's name.
  @discardableResult
  func loseLeader(_ way: Loss) throws -> String {
    try run(way == .kill ? "kill-leader" : "cut-leader")
  }

  enum Loss: String, CustomStringConvertible {
    case kill, cut
    var description: String { rawValue }
  }

  /// Waits until a member other than `old` leads; its name.
  func waitForLeader(other old: String) throws -> String {
    try run("wait-leader", old, timeout: .seconds(60))
  }

  /// SQL on the leader, as the superuser; what it printed (unaligned, no header).
  func psql(_ sql: String) throws -> String { try run("psql", sql) }

  /// Stops everything and removes the folder. Safe to call twice.
  func remove() {
    _ = try? run("stop")
    close(watchdog)
  }

  struct ClusterFailure: Error, CustomStringConvertible {
    let action: String
    let status: Int32
    let output: String
    var description: String { "patroni-cluster.sh \(action) exited \(status): \(output)" }
  }

  @discardableResult
  private func run(_ action: String, _ more: String..., timeout: Duration = .seconds(60)) throws
    -> String
  {
    let (status, output) = try command(
      "/bin/sh", [Self.script, action, directory] + more, timeout: timeout)
    guard status == 0 else {
      throw ClusterFailure(action: action, status: status, output: output)
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
