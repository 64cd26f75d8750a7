import Foundation

/// Runs a program to completion and returns its exit status and everything it printed
/// (stdout and stderr together).
///
/// posix_spawn and waitpid rather than Foundation's Process, whose `waitUntilExit` here
/// never saw a daemonizing child (tmux) exit.
@discardableResult
func command(_ executable: String, _ arguments: [String], capturing: Bool = true) throws -> (
  status: Int32, output: String
) {
  var fds: [Int32] = [0, 0]
  guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
  var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if capturing {
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  }
  posix_spawn_file_actions_addclose(&actions, fds[0])
  posix_spawn_file_actions_addclose(&actions, fds[1])
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
  close(fds[1])
  guard spawned == 0 else {
    close(fds[0])
    throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
  }
  var output = Data()
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
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
