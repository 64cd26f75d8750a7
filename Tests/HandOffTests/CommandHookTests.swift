import Foundation
import HandOff
import Registration
import Synchronization
import Testing

/// What the log was given.
final class LogRecorder: Sendable {
  private let entries = Mutex<[LogEntry]>([])
  var all: [LogEntry] { entries.withLock { $0 } }
  var last: LogEntry? { all.last }
  @Sendable func record(_ entry: LogEntry) { entries.withLock { $0.append(entry) } }
}

let account = CreatedAccount(
  login: "alice", passwordHash: "$y$j9T$salt$hashhashhash", createdAt: "2026-11-30T12:00:00Z")

/// The real `--on-create` runner on real commands (`/bin/sh -c`).
/// True once `pid` has ended (it may stay a zombie until its new parent reaps it).
func isGone(_ pid: Int32) -> Bool {
  for _ in 0..<100 {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return true
    }
    if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return false
}

@Suite("The --on-create command")
struct CommandHookTests {
  let log = LogRecorder()

  func run(
    _ script: String, timeout: Duration = .seconds(10), address: String? = "192.0.2.7"
  ) -> HookResult {
    CommandHook(words: ["/bin/sh", "-c", script], timeout: timeout, log: log.record)
      .run(for: account, clientAddress: address)
  }

  /// The command's output lines, as the log got them.
  var outputLines: [String] {
    (log.last?.output ?? "").split(separator: "\n").map(String.init)
  }

  @Test("its environment is the account and a safe PATH, never the password, nothing sent by SSH")
  func environment() throws {
    setenv("LC_ALL", "ru_RU.UTF-8", 1)
    setenv("SSH_ORIGINAL_COMMAND", "sign-in; rm -rf /", 1)
    defer {
      unsetenv("LC_ALL")
      unsetenv("SSH_ORIGINAL_COMMAND")
    }
    let hook = CommandHook(words: ["/usr/bin/env"], log: log.record)
    #expect(hook.run(for: account, clientAddress: "2001:db8::7") == .success)
    let names = Set(outputLines.map { String($0.prefix { $0 != "=" }) })
    let expected: Set = [
      "PATH", "REGISTER_LOGIN", "REGISTER_PASSWORD_HASH", "REGISTER_CREATED_AT",
      "REGISTER_CLIENT_ADDRESS",
    ]
    #expect(names.subtracting(["HOME", "USER", "LOGNAME"]) == expected)
    #expect(outputLines.contains("REGISTER_LOGIN=alice"))
    #expect(outputLines.contains("REGISTER_CREATED_AT=2026-11-30T12:00:00Z"))
    #expect(outputLines.contains("REGISTER_CLIENT_ADDRESS=2001:db8::7"))
    #expect(
      outputLines.contains("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"))
  }

  @Test("the hash reaches the command whole; the log never holds it")
  func hash() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(
      run("printf %s \"$REGISTER_PASSWORD_HASH\" > \(file); echo \"$REGISTER_PASSWORD_HASH\"")
        == .success)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == account.passwordHash)
    #expect(log.last?.output == "[password hash]\n")
  }

  @Test("with no address, REGISTER_CLIENT_ADDRESS is there and empty")
  func noAddress() {
    #expect(run("test \"${REGISTER_CLIENT_ADDRESS-unset}\" = ''", address: nil) == .success)
  }

  @Test("no input, no terminal (a session of its own), no inherited descriptors or signal state")
  func isolated() throws {
    // A descriptor of ours without close-on-exec, and SIGPIPE ignored, as the program has.
    let opened = open("/dev/null", O_RDONLY)
    let stray = fcntl(opened, F_DUPFD, 200)
    close(opened)
    defer { close(stray) }
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    let script = """
      readlink /proc/$$/fd/0
      test -e /proc/$$/fd/\(stray) || echo no-stray
      test "$(cut -d' ' -f6 /proc/$$/stat)" = $$ && echo own-session
      """
    #expect(run(script) == .success)
    #expect(outputLines == ["/dev/null", "no-stray", "own-session"])
    // The signal state of the command's own process (a shell's changes while it waits).
    let hook = CommandHook(
      words: ["/bin/grep", "-E", "^(SigBlk|SigIgn)", "/proc/self/status"], log: log.record)
    // From a thread that blocks every signal, as Swift Testing's and Dispatch's may.
    let done = DispatchSemaphore(value: 0)
    Thread {
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      _ = hook.run(for: account, clientAddress: nil)
      done.signal()
    }.start()
    done.wait()
    #expect(outputLines.contains("SigBlk:\t0000000000000000"))
    // Signals 1 to 31 (SIGPIPE among them) at their defaults; 32 and 33 are glibc's own.
    let ignored = outputLines.first { $0.hasPrefix("SigIgn:") }
      .flatMap { UInt64($0.dropFirst(8), radix: 16) }
    #expect(ignored.map { $0 & 0x7FFF_FFFF } == 0)
  }

  @Test("failures: an exit status, a signal, a program that is not there")
  func failures() {
    #expect(run("echo useradd: no; exit 3") == .failure(.exited(3)))
    #expect(log.last?.output == "useradd: no\n")
    #expect(log.last?.login == "alice")
    #expect(run("kill -KILL $$") == .failure(.signalled(SIGKILL)))
    let missing = CommandHook(words: ["/nonexistent/hook"], log: log.record)
      .run(for: account, clientAddress: nil)
    #expect(missing == .failure(.couldNotStart("No such file or directory")))
  }

  @Test("a command that overruns is stopped with its whole process group")
  func timeout() throws {
    #expect(
      run("sleep 300 & echo $!; sleep 300", timeout: .milliseconds(300)) == .failure(.timedOut))
    let background = try #require(Int32(outputLines.first ?? ""))
    #expect(isGone(background), "the background sleep went with the command")
  }

  @Test("one that ignores SIGTERM is killed")
  func ignoresTerm() {
    #expect(
      run("trap '' TERM; while :; do sleep 1; done", timeout: .milliseconds(200))
        == .failure(.timedOut))
  }

  @Test("a daemon holding the output open does not keep the hand-off waiting")
  func daemon() throws {
    #expect(run("sleep 300 & echo $!; exit 0", timeout: .seconds(20)) == .success)
    let background = try #require(Int32(outputLines.first ?? ""))
    kill(background, SIGKILL)
  }

  @Test("a flood of output is drained and cut for the log; the command is not held up")
  func flood() {
    #expect(run("head -c 1000000 /dev/zero | tr '\\0' x; echo; echo end >&2") == .success)
    #expect(log.last?.output.utf8.count == 4096)
  }

  @Test("a hash across the cut is taken out before the cut: no piece of it is logged")
  func hashAtTheCut() {
    // 4080 bytes, then the hash: cut first, the log held its first 16 characters.
    #expect(run("printf '%4080s' '' | tr ' ' x; echo \"$REGISTER_PASSWORD_HASH\"") == .success)
    #expect(log.last?.output == String(repeating: "x", count: 4080) + "[password hash]\n")
  }

  @Test("a hash written in two pieces, read apart, is taken out whole")
  func hashInPieces() {
    let script = """
      printf %s "$REGISTER_PASSWORD_HASH" | head -c 10; sleep 0.2
      printf '%s\\n' "$REGISTER_PASSWORD_HASH" | tail -c +11
      """
    #expect(run(script) == .success)
    #expect(log.last?.output == "[password hash]\n")
  }

  @Test("a program named without a / is looked up in the fixed PATH, never register's own")
  func fixedPath() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-path-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = "register-probe-\(UUID().uuidString.prefix(8))"
    try "#!/bin/sh\nexit 0\n".write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
    chmod("\(folder)/\(name)", 0o755)
    let saved = String(cString: getenv("PATH"))
    setenv("PATH", "\(folder):\(saved)", 1)
    defer { setenv("PATH", saved, 1) }
    // Found first in register's PATH, which a user (over SSH, the join account) may set.
    #expect(
      CommandHook(words: [name], log: log.record).run(for: account, clientAddress: nil)
        == .failure(.couldNotStart("No such file or directory")))
    // In the fixed PATH: found; given as a path: used as it is.
    #expect(
      CommandHook(words: ["true"], log: log.record).run(for: account, clientAddress: nil)
        == .success)
    #expect(
      CommandHook(words: ["\(folder)/\(name)"], log: log.record).run(
        for: account, clientAddress: nil) == .success)
  }
}
