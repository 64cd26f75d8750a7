// `register keys LOGIN` as sshd runs it: a process started, the store opened, the keys
// printed, the process reaped; timed whole.

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `program keys --db LOCATION [MORE] LOGIN` once per sample, stdout to /dev/null:
/// each duration includes the process's start and end.
func keysCommandTimes(
  program: String, location: String, more: [String] = [], count: Int, login: (Int) -> String
) -> [Duration] {
  measure(count) { index in
    let words = [program, "keys", "--db", location] + more + [login(index)]
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for word in argv { free(word) } }
    var environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var child: pid_t = 0
    guard posix_spawn(&child, program, &actions, nil, &argv, &environment) == 0 else {
      fail("cannot start \(program)")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { fail("\(program) keys exited with status \(status)") }
  }
}
