import Foundation
import Synchronization

/// Held from creating a pipe until the parent has closed its write end: tests run in
/// parallel, and a child spawned by another thread in between (a tmux server that lives
/// on) would inherit the write end, and this read would never see end of file.
private let spawning = Mutex(())

/// Runs a program to completion and returns its exit status and everything it printed
/// (stdout and stderr together).
///
/// posix_spawn and waitpid rather than Foundation's Process, whose `waitUntilExit` here
/// never saw a daemonizing child (tmux) exit. A child still running after `timeout` is
/// killed, so a stuck program fails the test instead of hanging the run.
@discardableResult
func command(
  _ executable: String, _ arguments: [String], capturing: Bool = true,
  timeout: Duration = .seconds(20)
) throws -> (status: Int32, output: String) {
  var fds: [Int32] = [0, 0]
  var pid: pid_t = 0
  let spawned = try spawning.withLock { _ throws -> Int32 in
    guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return spawn(executable, arguments, output: fds, capturing: capturing, pid: &pid)
  }
  guard spawned == 0 else {
    close(fds[0])
    throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
  }
  var output = Data()
  var buffer = [UInt8](repeating: 0, count: 4096)
  let deadline = ContinuousClock.now + timeout
  while true {
    var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    let left = deadline - .now
    if left <= .zero || poll(&ready, 1, Int32(left / .milliseconds(1)) + 1) == 0 {
      kill(pid, SIGKILL)
      break
    }
    let count = read(fds[0], &buffer, buffer.count)
    if count <= 0 { break }
    output.append(contentsOf: buffer[0..<count])
  }
  close(fds[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (exitStatus, String(decoding: output, as: UTF8.self))
}

/// Starts `executable` in the background with stdout and stderr appended to `logFile`,
/// marked with the test's scope like every child; returns its process id. The caller
/// ends it and reaps it (the scope's cleanup kills it if the test does not).
func startInBackground(_ executable: String, _ arguments: [String], logFile: String) throws
  -> pid_t
{
  var pid: pid_t = 0
  let spawned = spawn(
    executable, arguments, output: [], capturing: false, logFile: logFile, pid: &pid)
  guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
  return pid
}

/// Starts `executable` with stdout and stderr on the pipe `output` (or /dev/null, or
/// appended to `logFile`), then closes the pipe's write end in this process. Returns
/// posix_spawn's result.
private func spawn(
  _ executable: String, _ arguments: [String], output fds: [Int32], capturing: Bool,
  logFile: String? = nil, pid: inout pid_t
) -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if let logFile {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
  } else if capturing {
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  // The test's scope marks the child, so that the scope can find it again and end it.
  let variables = ProcessInfo.processInfo.environment.merging(
    Cleanup.current?.environment ?? [:], uniquingKeysWith: { $1 })
  let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { envp.forEach { free($0) } }
  // Swift Testing's worker threads block SIGTERM and SIGHUP, and a child inherits that: a
  // tmux server would then ignore its own kill-server, and the form in it its SIGHUP.
  // The child starts with nothing blocked and the default action for every signal.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  if fds.count == 2 { close(fds[1]) }
  return result
}
