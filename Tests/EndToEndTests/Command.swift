import Foundation
import TestSupport

/// Runs a program to completion and returns its exit status and everything it printed
/// (stdout and stderr together), marked with the test's scope like every child.
///
/// posix_spawn and waitpid (ChildProcess) rather than Foundation's Process, whose
/// `waitUntilExit` here never saw a daemonizing child (tmux) exit. A child still running
/// after `timeout` is killed, so a stuck program fails the test instead of hanging the run.
@discardableResult
func command(
  _ executable: String, _ arguments: [String], capturing: Bool = true,
  timeout: Duration = .seconds(20)
) throws -> (status: Int32, output: String) {
  try ChildProcess.outcome(
    of: executable, arguments, environment: scopedEnvironment, capturing: capturing,
    timeout: timeout)
}

/// Starts `executable` in the background with stdout and stderr appended to `logFile`,
/// marked with the test's scope like every child; returns its process id. The caller
/// ends it and reaps it (the scope's cleanup kills it if the test does not).
func startInBackground(_ executable: String, _ arguments: [String], logFile: String) throws
  -> pid_t
{
  let log = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
  guard log >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(log) }
  return try ChildProcess.spawn(
    executable, arguments, environment: scopedEnvironment, stdin: nil, stdout: log,
    newSession: false)
}

/// The test process's environment with the test's scope in it, so that the scope can find
/// its children again and end them.
private var scopedEnvironment: [String: String] {
  ProcessInfo.processInfo.environment.merging(
    Cleanup.current?.environment ?? [:], uniquingKeysWith: { $1 })
}
