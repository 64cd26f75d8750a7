// `store-bench runs COUNT PROGRAM ARG...`: PROGRAM run COUNT times one after the other, its
// output to /dev/null, its environment this one's: the time of each run (start to reaped)
// and the largest resident set any had (wait4's ru_maxrss).

#if canImport(Glibc)
  import Glibc
#endif

enum ProgramRuns {
  static func run(count: Int, words: [String]) {
    var largest = 0
    let times = measure(count) { _ in
      var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
      defer { for word in argv { free(word) } }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      var child: pid_t = 0
      guard posix_spawn(&child, words[0], &actions, nil, &argv, environ) == 0 else {
        fail("cannot start \(words[0])")
      }
      var status: Int32 = 0
      var usage = rusage()
      while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
      guard status == 0 else {
        fail("\(words.joined(separator: " ")) exited with status \(status)")
      }
      largest = max(largest, usage.ru_maxrss)
    }
    let ms = times.map { microseconds($0) / 1000 }.sorted()
    func rounded(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
    print(
      "\(words.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " ")): "
        + "median \(rounded(ms[ms.count / 2])) ms, p99 \(rounded(ms[ms.count * 99 / 100])) ms, "
        + "largest RSS \(largest / 1024) MB over \(count)")
  }
}
