import Foundation
import Synchronization
import Testing

/// What an end-to-end test (or suite) started, and the guarantee that it ends with it.
///
/// Every process a test starts (tmux servers and what runs in them, `command`'s
/// children) carries `REGISTER_E2E_SCOPE=<id>` in its environment, so that it can be
/// found again whoever its parent is: a tmux server is a daemon, a form runs under a
/// shell under that server. A `deinit` is no cleanup guarantee (a failing test may never
/// release its session); the `.cleansUp` trait is: it kills what the test started after
/// the test, however it ended, and records an issue for anything that outlived that.
final class Cleanup: Sendable {
  /// The environment variable that marks the processes of a scope.
  static let variable = "REGISTER_E2E_SCOPE"

  /// The scope of the test running on this task (nil outside a `.cleansUp` suite).
  @TaskLocal static var current: Cleanup?

  private static let counter = Atomic<Int>(0)

  let id: String
  private let sockets = Mutex<[String]>([])

  /// A scope inside `parent` (its id begins with the parent's, so that the parent's
  /// check sees the child's processes too).
  init(parent: Cleanup? = nil) {
    let number = Self.counter.add(1, ordering: .relaxed).newValue
    id = "\(parent?.id ?? "\(getpid())")-\(number)"
  }

  /// The scope's marker, for a child's environment.
  var environment: [String: String] { [Self.variable: id] }

  /// Remembers a tmux server's socket name, to kill that server at the end.
  func add(socket: String) {
    sockets.withLock { $0.append(socket) }
  }

  /// Kills every tmux server the scope started, then whatever of the scope still runs;
  /// returns what was still running after `kill-server` (it should have ended it all).
  func finish() -> [String] {
    for socket in sockets.withLock({ $0 }) {
      _ = try? command(
        "/usr/bin/tmux", ["-L", socket, "kill-server"], capturing: false, timeout: .seconds(5))
    }
    // A form ends on SIGHUP by restoring the terminal first: give it a moment.
    let deadline = Date().addingTimeInterval(5)
    var survivors = Self.processes(in: id)
    while !survivors.isEmpty && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      survivors = Self.processes(in: id)
    }
    for (pid, _) in survivors { kill(pid, SIGKILL) }
    return survivors.map { "\($0.pid) \($0.command)" }
  }

  /// Processes whose environment marks them as started in scope `id` or a scope in it.
  static func processes(in id: String) -> [(pid: pid_t, command: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> (pid_t, String)? in
      guard let pid = pid_t(name), pid != getpid(),
        let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ")
      else { return nil }
      let marked = environ.split(separator: 0).contains { entry in
        let text = String(decoding: entry, as: UTF8.self)
        return text == "\(variable)=\(id)" || text.hasPrefix("\(variable)=\(id)-")
      }
      guard marked else { return nil }
      let arguments = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") ?? Data()
      let command = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        .joined(separator: " ")
      return (pid, command)
    }
  }
}

/// Gives each test of a suite its own cleanup scope, ends what the test started once it
/// is over (passed, failed or thrown), and checks at the end of the suite that nothing
/// the suite started is still running.
struct CleansUp: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  /// Once around the whole suite and once around each test case (a recursive trait would
  /// otherwise scope the test cases only).
  func scopeProvider(for test: Test, testCase: Test.Case?) -> CleansUp? {
    test.isSuite || testCase != nil ? self : nil
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let scope = Cleanup(parent: Cleanup.current)
    defer {
      let survivors = scope.finish()
      if !survivors.isEmpty {
        let what = test.isSuite ? "the suite" : "the test"
        let list = survivors.joined(separator: "\n")
        Issue.record("still running after \(what) ended its tmux servers (killed now):\n\(list)")
      }
    }
    try await Cleanup.$current.withValue(scope) { try await function() }
  }
}

extension Trait where Self == CleansUp {
  /// Every test ends what it started; the suite checks that nothing is left running.
  static var cleansUp: CleansUp { CleansUp() }
}
