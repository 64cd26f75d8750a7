import Foundation

/// What stops a test's servers however the test process ends (a crash, SIGKILL, Ctrl-C):
/// a shell in a session of its own waits for end of file on a pipe whose write end only
/// the test process holds (close on exec, so no child inherits it), then runs `stop` and
/// removes `directory`. When the process ends, the kernel closes that end. Servers such
/// as PostgreSQL and Patroni have no setting to die with their parent, hence the watchdog.
public enum Watchdog {
  /// Starts one; returns the pipe end to keep open, and to close once the servers are
  /// stopped (the watchdog then runs `stop` on nothing and ends).
  public static func start(stop: [String], removing directory: String) throws -> Int32 {
    var fds: [Int32] = [0, 0]
    guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw POSIXError(.EMFILE) }
    defer { close(fds[0]) }
    // The watchdog is no child of the test process: the shell started here leaves it in the
    // background and ends, and is reaped at once. A child left to end unreaped would stall
    // Swift Testing, whose exit tests wait for any child (waitid with WNOWAIT) and would be
    // told of that zombie for ever. The pipe goes to the watchdog as fd 3 (a background
    // command's input is /dev/null).
    let script = #"exec 3<&0; (cat <&3 >/dev/null; "$@"; rm -rf -- "$0") &"#
    do {
      let shell = try ChildProcess.spawn(
        "/bin/sh", ["-c", script, directory] + stop, stdin: fds[0], stdout: nil,
        newSession: true)
      _ = ChildProcess.wait(shell)
    } catch {
      close(fds[1])
      throw error
    }
    return fds[1]
  }
}
