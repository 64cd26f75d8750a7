import CSpawn
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the admin's `--on-create` command for an account just stored.
///
/// No shell: the words are the program and its arguments. The command gets a small, clean
/// environment (the account in `REGISTER_*`, never the password; nothing the SSH client
/// sent), no input (`/dev/null`), and a session of its own, so it has no controlling
/// terminal and cannot write on the form. Its output goes through a pipe to the log,
/// never to the terminal. It has `timeout` to finish; then its process group gets SIGTERM,
/// and SIGKILL two seconds later.
public struct CommandHook: NewAccountHook {
  public let words: [String]
  public let timeout: Duration
  private let log: @Sendable (LogEntry) -> Void

  /// How long a command has before it is stopped: `useradd -m` takes milliseconds.
  public static let defaultTimeout = Duration.seconds(30)
  /// The most of the command's output kept for the log.
  static let outputLimit = 4096
  /// The PATH the command runs with, and where a program named without a `/` is found:
  /// the system's own folders, none the user can write.
  static let path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

  public init(
    words: [String], timeout: Duration = Self.defaultTimeout,
    log: @escaping @Sendable (LogEntry) -> Void
  ) {
    self.words = words
    self.timeout = timeout
    self.log = log
  }

  public func run(for account: CreatedAccount, clientAddress: String?) -> HookResult {
    let environment = Self.environment(for: account, clientAddress: clientAddress)
    let result: HookResult
    // A command that traces itself (`set -x`) may print the hash: it is not logged.
    var output = RedactedOutput(hiding: account.passwordHash, limit: Self.outputLimit)
    switch Self.spawn(words, environment: environment) {
    case .failure(let error):
      result = .failure(.couldNotStart(String(cString: strerror(error.code))))
    case .success(let child):
      result = Self.wait(for: child, timeout: timeout, output: &output)
    }
    log(LogEntry(login: account.login, result: result, output: output.finish()))
    return result
  }

  /// The whole environment of the command.
  static func environment(for account: CreatedAccount, clientAddress: String?) -> [String] {
    var variables = [
      "PATH=\(path)",
      "REGISTER_LOGIN=\(account.login)",
      "REGISTER_PASSWORD_HASH=\(account.passwordHash)",
      "REGISTER_CREATED_AT=\(account.createdAt)",
      "REGISTER_CLIENT_ADDRESS=\(clientAddress ?? "")",
    ]
    // The answers to the site's questions, cleaned and bounded (a stranger wrote them).
    variables += AnswerEnvironment.variables(for: account.answers)
    // Who runs it, as login(1) would say: sudo and friends look at these.
    for name in ["HOME", "USER", "LOGNAME"] {
      if let value = getenv(name) { variables.append("\(name)=\(String(cString: value))") }
    }
    return variables
  }

  /// Why a command could not be started: an errno.
  struct SpawnError: Error {
    let code: Int32
  }

  /// A started command: its process (also its process group and session) and the read
  /// end of the pipe its output goes to.
  struct Child {
    let pid: pid_t
    let output: Int32
  }

  /// Starts the command; on failure, the errno.
  static func spawn(_ words: [String], environment: [String]) -> Result<Child, SpawnError> {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return .failure(SpawnError(code: errno)) }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(pipeEnds[1]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    // Nothing else of ours (the terminal, the database) reaches the command.
    cspawn_add_close_from(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The thread that spawns may block signals, and we ignore SIGPIPE: the command starts
    // with nothing blocked and every signal at its default.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    // A session of its own: no controlling terminal, and one process group to stop.
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | cspawn_setsid_flag()))

    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    guard let program = program(words[0]) else {
      close(pipeEnds[0])
      return .failure(SpawnError(code: ENOENT))
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard status == 0 else {
      close(pipeEnds[0])
      return .failure(SpawnError(code: status))
    }
    return .success(Child(pid: pid, output: pipeEnds[0]))
  }

  /// The program to run for `name`: a path (anything with a `/`) as it is, else the
  /// first executable file of that name in `path`, the command's own PATH; never a
  /// folder of register's PATH (the user's, over SSH the client's account's).
  static func program(_ name: String) -> String? {
    if name.contains("/") { return name }
    guard !name.isEmpty else { return nil }
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        access(candidate, X_OK) == 0
      {
        return candidate
      }
    }
    return nil
  }

  /// Reads the command's output (into `output`, which keeps the start of it) until it exits,
  /// stopping it when `timeout` has passed.
  static func wait(for child: Child, timeout: Duration, output: inout RedactedOutput)
    -> HookResult
  {
    defer { close(child.output) }
    let deadline = ContinuousClock.now + timeout
    var reader = OutputReader(fd: child.output)
    while true {
      var status: Int32 = 0
      if waitpid(child.pid, &status, WNOHANG) == child.pid {
        // What it wrote just before exiting is still in the pipe.
        while reader.read(into: &output) == .data {}
        return result(of: status)
      }
      let left = deadline - .now
      if left <= .zero { return stop(child) }
      // Woken by output, by its end, or at the latest every 50 ms to see whether the
      // command has exited (a daemon it started may hold the pipe open).
      var ready = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
      let wait = min(50, Int32(left / .milliseconds(1)) + 1)
      if poll(&ready, reader.isOpen ? 1 : 0, wait) > 0 { _ = reader.read(into: &output) }
    }
  }

  /// The read end of the command's output, read without ever blocking.
  struct OutputReader {
    enum Step { case data, end, empty }
    let fd: Int32
    private(set) var isOpen = true
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init(fd: Int32) {
      self.fd = fd
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Reads once, handing what was read to `output`.
    mutating func read(into output: inout RedactedOutput) -> Step {
      guard isOpen else { return .end }
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count > 0 {
        output.append(buffer[0..<count])
        return .data
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { return .empty }
      isOpen = false
      return .end
    }
  }

  /// SIGTERM to the command's process group, SIGKILL after two seconds.
  private static func stop(_ child: Child) -> HookResult {
    kill(-child.pid, SIGTERM)
    let grace = ContinuousClock.now + .seconds(2)
    var status: Int32 = 0
    while waitpid(child.pid, &status, WNOHANG) == 0 {
      if ContinuousClock.now >= grace {
        kill(-child.pid, SIGKILL)
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        break
      }
      usleep(10_000)
    }
    // Whatever it started in its group goes with it.
    kill(-child.pid, SIGKILL)
    return .failure(.timedOut)
  }

  private static func result(of status: Int32) -> HookResult {
    let signal = status & 0x7F
    if signal != 0 { return .failure(.signalled(signal)) }
    let code = (status >> 8) & 0xFF
    return code == 0 ? .success : .failure(.exited(code))
  }
}
