import Foundation
import Testing

/// One "host" of a site for a test: a private mount namespace with an `/etc` of its own (a
/// copy of this machine's, with the shipped `deploy/sync/nsswitch.conf` lines in its
/// `nsswitch.conf`; `SSHServer` puts the site file in its `/etc/register/register.conf`)
/// and an empty `/var/lib/extrausers` of its own (a tmpfs), so that what `register sync`
/// writes there and what sshd reads through `libnss-extrausers` is this host's alone and
/// this machine's files never change.
///
/// A process holds the namespace (a `sleep`, started through `unshare`); programs run
/// inside it through `nsenter`. `deinit` stops the sync, then the holder, each reaped.
final class PrivateHost {
  /// The host's folder (0700): its `/etc`, the logs.
  let directory: String
  /// Its name in the store's `local_names` (`register sync --host`).
  let name: String
  private var holder: pid_t = 0
  private var sync: pid_t = 0

  var etc: String { "\(directory)/etc" }
  var syncLog: String { "\(directory)/sync.log" }
  /// What the sync said so far, for a failure's message.
  var said: String { (try? String(contentsOfFile: syncLog, encoding: .utf8)) ?? "" }

  /// Makes the host; `localUsers` are `/etc/passwd` lines that only this host has.
  init(name: String, localUsers: [String] = []) throws {
    self.name = name
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-host-\(name)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let copied = try command("/bin/cp", ["-a", "/etc", etc])
    try #require(copied.status == 0, "cp /etc: \(copied.output)")
    try Self.nsswitch(of: etc)
    if !localUsers.isEmpty {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(etc)/passwd"))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(localUsers.map { $0 + "\n" }.joined().utf8))
      try handle.close()
    }

    let ready = "\(directory)/ready"
    try """
    set -eu
    mount --bind \(etc) /etc
    mount -t tmpfs -o mode=0755 tmpfs /var/lib/extrausers
    # A name cache of this machine's (nscd) would answer from its files, not the host's.
    [ ! -d /run/nscd ] || mount -t tmpfs tmpfs /run/nscd
    touch \(ready)
    exec sleep 86400
    """.write(toFile: "\(directory)/namespace.sh", atomically: true, encoding: .utf8)
    holder = try startInBackground(
      "/usr/bin/unshare",
      ["--mount", "--propagation", "private", "/bin/sh", "\(directory)/namespace.sh"],
      logFile: "\(directory)/namespace.log")
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: ready) {
      var status: Int32 = 0
      if waitpid(holder, &status, WNOHANG) == holder || Date() > deadline {
        holder = 0
        let log = (try? String(contentsOfFile: "\(directory)/namespace.log", encoding: .utf8)) ?? ""
        Issue.record("the host's namespace did not come up:\n\(log)")
        throw POSIXError(.ECHILD)
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// Makes `text` the host's `/etc/register/register.conf`, root's and 0644 as it must be.
  func install(site text: String) throws {
    try FileManager.default.createDirectory(
      atPath: "\(etc)/register", withIntermediateDirectories: true)
    try text.write(toFile: "\(etc)/register/register.conf", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: "\(etc)/register/register.conf")
  }

  deinit {
    stopSync()
    if holder > 0 {
      kill(holder, SIGKILL)
      var status: Int32 = 0
      while waitpid(holder, &status, 0) < 0 && errno == EINTR {}
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The shipped lines (`passwd: files extrausers` and the others) in place of the copy's
  /// own, each database checked to be there once.
  private static func nsswitch(of etc: String) throws {
    let shipped = try String(
      contentsOf: SSHServer.root.appendingPathComponent("deploy/sync/nsswitch.conf"),
      encoding: .utf8
    )
    .split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(":") }
    try #require(shipped.count == 3, "deploy/sync/nsswitch.conf: \(shipped)")
    var lines = try String(contentsOfFile: "\(etc)/nsswitch.conf", encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in shipped {
      let database = line.prefix { $0 != ":" } + ":"
      let found = lines.indices.filter { lines[$0].hasPrefix(database) }
      try #require(found.count == 1, "nsswitch.conf has \(database) \(found.count) times")
      lines[found[0]] = String(line)
    }
    try lines.joined(separator: "\n").write(
      toFile: "\(etc)/nsswitch.conf", atomically: true, encoding: .utf8)
  }

  /// `executable` and `arguments` as `nsenter` runs them inside the host.
  func inside(_ executable: String, _ arguments: [String]) -> [String] {
    ["--target", "\(holder)", "--mount", executable] + arguments
  }

  /// Runs a program inside the host to its end.
  @discardableResult
  func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (
    status: Int32, output: String
  ) {
    let quoted = (["/usr/bin/nsenter"] + inside(executable, arguments)).map { "'\($0)'" }
      .joined(separator: " ")
    guard let input else { return try command("/bin/sh", ["-c", "\(quoted) < /dev/null"]) }
    let answers = "\(directory)/answers-\(UUID().uuidString.prefix(8))"
    try input.write(toFile: answers, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: answers) }
    return try command("/bin/sh", ["-c", "\(quoted) < '\(answers)'"])
  }

  /// Starts a program inside the host in the background (the caller reaps it).
  func start(_ executable: String, _ arguments: [String], logFile: String) throws -> pid_t {
    try startInBackground("/usr/bin/nsenter", inside(executable, arguments), logFile: logFile)
  }

  /// `register sync --follow` on this host, as the shipped unit runs it (the site file in
  /// the host's /etc), under the host's name.
  func startSync() throws {
    sync = try start(Tmux.binary, ["sync", "--follow", "--host", name], logFile: syncLog)
  }

  /// Ends the sync as systemd does (SIGTERM) and reaps it; a sync that does not end within
  /// ten seconds is killed, and that is an issue.
  func stopSync() {
    guard sync > 0 else { return }
    kill(sync, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    var status: Int32 = 0
    while waitpid(sync, &status, WNOHANG) == 0 {
      if Date() > deadline {
        Issue.record("register sync --follow did not end on SIGTERM")
        kill(sync, SIGKILL)
        waitpid(sync, &status, 0)
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    sync = 0
  }
}
