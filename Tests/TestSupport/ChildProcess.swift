import Foundation

/// Child processes for the tests, spawned with an empty signal mask and default signal
/// actions: Swift Testing's worker threads block SIGTERM and SIGHUP, and a child would
/// inherit that and ignore being told to stop.
public enum ChildProcess {
  /// A program that did not succeed: what it printed says why.
  public struct Failure: Error, CustomStringConvertible {
    public let command: String
    public let status: Int32
    public let output: String
    public var description: String { "\(command) exited \(status): \(output)" }
  }

  /// Runs `executable` to completion in `directory`; returns everything it printed (stdout
  /// and stderr together); throws unless it exits 0. Killed after `timeout`.
  @discardableResult
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    timeout: Duration = .seconds(60)
  ) throws -> String {
    let (status, text) = try outcome(of: executable, arguments, in: directory, timeout: timeout)
    guard status == 0 else {
      throw Failure(
        command: ([executable] + arguments).joined(separator: " "), status: status, output: text)
    }
    return text
  }

  /// Runs `executable` to completion: its exit status (128 + N for signal N) and, when
  /// `capturing`, everything it printed (stdout and stderr together; otherwise both go to
  /// /dev/null). `environment` replaces the test process's own. Killed after `timeout`, so
  /// a stuck program fails the test instead of hanging the run.
  public static func outcome(
    of executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String]? = nil, capturing: Bool = true,
    timeout: Duration = .seconds(60)
  ) throws -> (status: Int32, output: String) {
    var fds: [Int32] = [0, 0]
    // O_CLOEXEC from the start: another test's child spawned meanwhile must not hold
    // the write end, or the read below would never see end of file.
    guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw POSIXError(.EMFILE) }
    let pid: pid_t
    do {
      pid = try spawn(
        executable, arguments, directory: directory, environment: environment, stdin: nil,
        stdout: capturing ? fds[1] : nil, newSession: false)
    } catch {
      close(fds[0])
      close(fds[1])
      throw error
    }
    // Not capturing, the child never had the write end: the read sees end of file at once.
    close(fds[1])
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
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    close(fds[0])
    return (wait(pid), String(decoding: output, as: UTF8.self))
  }

  /// Starts `executable` and returns at once. `stdin`, when given, becomes its standard
  /// input; `stdout` (or /dev/null) its output and errors; `environment` (or the test
  /// process's own) its environment. `newSession` puts it in a session of its own, out of
  /// reach of a Ctrl-C meant for the tests.
  public static func spawn(
    _ executable: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String]? = nil, stdin: Int32?, stdout: Int32?, newSession: Bool
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin {
      posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let stdout {
      posix_spawn_file_actions_adddup2(&actions, stdout, 1)
      posix_spawn_file_actions_adddup2(&actions, stdout, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    if let directory { _ = GNU.addChdir(&actions, directory) }
    // Nothing else open is the child's business: swift-test hands the test process
    // descriptors that are not close-on-exec, and a server must not hold them.
    _ = GNU.addClosefrom(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newSession { flags |= GNU.spawnSetsid }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { envp?.forEach { free($0) } }
    var pid: pid_t = 0
    let result =
      if let envp {
        posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
      } else {
        posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .ENOENT) }
    return pid
  }

  /// Waits for `pid` to end: its exit status, or 128 + the signal that ended it.
  @discardableResult
  public static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}

/// glibc functions that Swift's Glibc module leaves out (they need _GNU_SOURCE), found by
/// name. Their types are glibc's.
enum GNU {
  /// A pipe whose ends are close-on-exec from the start, with no window for another
  /// thread's child to inherit them.
  static let pipe2 = function(
    "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  static let addChdir = function(
    "posix_spawn_file_actions_addchdir_np",
    as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
      -> Int32).self)
  static let addClosefrom = function(
    "posix_spawn_file_actions_addclosefrom_np",
    as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
  /// POSIX_SPAWN_SETSID from <spawn.h>.
  static let spawnSetsid: Int32 = 0x80

  private static func function<F>(_ name: String, as type: F.Type) -> F {
    guard let symbol = dlsym(nil, name) else { fatalError("glibc has no \(name)") }
    return unsafeBitCast(symbol, to: type)
  }
}
