import Foundation
import Testing

/// A real OpenSSH server for one test, serving the shipped `deploy/ssh/register.conf`,
/// whose forced command reads the shipped site file `deploy/register.conf`.
///
/// It runs as root on a free 127.0.0.1 port with a temporary host key, and root logs in
/// with a temporary key: nothing in `/etc` changes and no user is made. The shipped file
/// is copied with only the per-run values changed (`Match User join` becomes
/// `Match User root`; the binary and its site file, the database and the hook become the
/// test's), each replacement checked to happen exactly once, so the test breaks if the
/// file changes shape. A per-run top configuration includes it.
final class SSHServer {
  /// The run's folder (0700): keys, configuration, database, the hook and what it saw.
  let directory: String
  private(set) var port = 0
  private var pid: pid_t = 0
  private let exposesAuthInfo: Bool
  /// The host it serves in, when it is one of a site's (PrivateHost); nil: this machine.
  let host: PrivateHost?

  var database: String { "\(directory)/accounts.sqlite" }
  var log: String { "\(directory)/sshd.log" }

  /// The package's root, where `deploy/ssh/` is.
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The test's stand-in for `register-useradd`: records its environment (one file per
  /// login) and makes noise on stdout and stderr, which must never reach the form.
  static let recordingHook = """
    env > "$(dirname "$0")/hook-env-$REGISTER_LOGIN"
    echo HOOK-NOISE-OUT
    echo HOOK-NOISE-ERR >&2
    """

  /// Starts sshd. `changes` replaces more of the site file (`max-per-address = 3` to
  /// allow twenty sign-ups from 127.0.0.1, say); `hook` is the script `--on-create` runs.
  /// With `exposesAuthInfo`, sshd names the key the client logged in with in
  /// `SSH_USER_AUTH` (as `register-auth.conf` makes it do for join). With a `host`, sshd
  /// runs inside it, the site file is also the host's `/etc/register/register.conf`, and
  /// members log in as a site's do: by password (their Unix users come through NSS) and by
  /// the keys of the shipped `deploy/ssh/register-keys.conf` (`register keys %u`).
  init(
    changes: [String: String] = [:], hook: String = recordingHook, exposesAuthInfo: Bool = false,
    host: PrivateHost? = nil
  ) throws {
    self.exposesAuthInfo = exposesAuthInfo
    self.host = host
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("register-ssh-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    // sshd refuses to start without its privilege separation folder.
    try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    for key in ["host_key", "client_key"] {
      let made = try command(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(directory)/\(key)"])
      try #require(made.status == 0, "ssh-keygen: \(made.output)")
    }
    try FileManager.default.copyItem(
      atPath: "\(directory)/client_key.pub", toPath: "\(directory)/authorized_keys")
    try hook.write(toFile: "\(directory)/hook.sh", atomically: true, encoding: .utf8)

    let fragment = try Self.shipped(
      "deploy/ssh/register.conf",
      [
        "Match User join": "Match User root",
        "ForceCommand /usr/local/bin/register":
          "ForceCommand \(Tmux.binary) --config \(directory)/site.conf",
      ])
    try fragment.write(toFile: "\(directory)/register.conf", atomically: true, encoding: .utf8)
    // The site file the forced command reads, root's and closed to writers as it must be.
    let site = try Self.shipped(
      "deploy/register.conf",
      [
        "/var/lib/register/accounts.sqlite": database,
        "sudo -n /usr/local/lib/register/register-useradd": "/bin/sh \(directory)/hook.sh",
      ].merging(changes, uniquingKeysWith: { $1 }))
    try site.write(toFile: "\(directory)/site.conf", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: "\(directory)/site.conf")
    if let host {
      try host.install(site: site)
      let keys = try Self.shipped(
        "deploy/ssh/register-keys.conf",
        [
          "AuthorizedKeysCommand /usr/local/bin/register keys %u":
            "AuthorizedKeysCommand \(SafeBinary.register) keys %u",
          "\nAuthorizedKeysCommandUser join": "\nAuthorizedKeysCommandUser root",
        ])
      try keys.write(toFile: "\(directory)/register-keys.conf", atomically: true, encoding: .utf8)
    }
    try start()
  }

  /// The shipped file at `path` with each of `replacements` made, each checked to happen
  /// exactly once, so that the test breaks if the file changes shape.
  static func shipped(_ path: String, _ replacements: [String: String]) throws -> String {
    var text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    for (shipped, test) in replacements {
      let count = text.components(separatedBy: shipped).count - 1
      try #require(count == 1, "\(path) holds '\(shipped)' \(count) times")
      text = text.replacingOccurrences(of: shipped, with: test)
    }
    return text
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The top configuration of one run: everything the shipped file leaves to the host.
  private func configuration(port: Int) -> String {
    """
    Port \(port)
    ListenAddress 127.0.0.1
    HostKey \(directory)/host_key
    PidFile none
    UsePAM no
    StrictModes no
    PermitRootLogin prohibit-password
    AuthorizedKeysFile \(directory)/authorized_keys
    PasswordAuthentication \(host == nil ? "no" : "yes")
    KbdInteractiveAuthentication no
    LogLevel VERBOSE
    ExposeAuthInfo \(exposesAuthInfo ? "yes" : "no")
    # The forms it starts carry the test's scope, so that the test's cleanup finds them,
    # and count their sessions in the run's folder, apart from every other run's.
    SetEnv \(Cleanup.variable)=\(Cleanup.current?.id ?? "none") XDG_RUNTIME_DIR=\(directory)
    # Before the shipped fragment, whose Match block would take in what follows it.
    \(host == nil ? "" : "Include \(directory)/register-keys.conf")
    Include \(directory)/register.conf

    """
  }

  /// Starts sshd on a free port (another port if that one was taken meanwhile) and waits
  /// until it accepts connections.
  private func start() throws {
    for _ in 0..<5 {
      port = try Self.freePort()
      let config = "\(directory)/sshd_config"
      try configuration(port: port).write(toFile: config, atomically: true, encoding: .utf8)
      let check = try run("/usr/sbin/sshd", ["-t", "-f", config])
      try #require(check.status == 0, "sshd -t: \(check.output)")
      let hostKey = try String(contentsOfFile: "\(directory)/host_key.pub", encoding: .utf8)
        .split(separator: " ").prefix(2).joined(separator: " ")
      try "[127.0.0.1]:\(port) \(hostKey)\n".write(
        toFile: "\(directory)/known_hosts", atomically: true, encoding: .utf8)
      // sshd re-executes itself: it must be started by its absolute path.
      pid =
        try host?.start("/usr/sbin/sshd", ["-D", "-e", "-f", config], logFile: log)
        ?? startInBackground("/usr/sbin/sshd", ["-D", "-e", "-f", config], logFile: log)
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline {
        // Its own words too: a port another server took meanwhile would accept as well.
        if Self.accepts(port: port), listening() { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { break }
        Thread.sleep(forTimeInterval: 0.02)
      }
      stop()
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      guard output.contains("Address already in use") else {
        Issue.record("sshd did not start:\n\(output)")
        throw POSIXError(.ECONNREFUSED)
      }
    }
    throw POSIXError(.EADDRINUSE)
  }

  /// Whether this sshd said it listens on its port.
  private func listening() -> Bool {
    let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return said.contains("Server listening on 127.0.0.1 port \(port).")
  }

  /// A program run to its end where sshd runs (inside its host, if it has one).
  private func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    try host?.run(executable, arguments) ?? command(executable, arguments)
  }

  func stop() {
    guard pid > 0 else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    pid = 0
  }

  /// `ssh` with the run's key and known host, never asking anything.
  func client(_ options: [String] = [], command: String? = nil) -> [String] {
    [
      "-F", "/dev/null", "-p", "\(port)", "-i", "\(directory)/client_key",
      "-o", "UserKnownHostsFile=\(directory)/known_hosts", "-o", "StrictHostKeyChecking=yes",
      "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "SendEnv=LANG",
    ] + options + ["root@127.0.0.1"] + (command.map { [$0] } ?? [])
  }

  /// The same as a shell command line, for a tmux pane.
  func clientLine(_ options: [String] = [], command: String? = nil) -> String {
    (["/usr/bin/ssh"] + client(options, command: command)).map { "'\($0)'" }
      .joined(separator: " ")
  }

  /// What the hook recorded for `login`, as name-value pairs (empty if it never ran).
  func hookEnvironment(of login: String) -> [String: String] {
    let text =
      (try? String(contentsOfFile: "\(directory)/hook-env-\(login)", encoding: .utf8)) ?? ""
    return Dictionary(
      text.split(separator: "\n").map { line in
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : "")
      }, uniquingKeysWith: { $1 })
  }

  /// A query's output from the run's database ("" when there is no database).
  func sqlite(_ query: String) throws -> String {
    guard FileManager.default.fileExists(atPath: database) else { return "" }
    return try command("/usr/bin/sqlite3", [database, query]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `register` processes of this test still running (they carry its scope), by pid.
  static func forms() -> [pid_t] {
    guard let scope = Cleanup.current?.id else { return [] }
    return Cleanup.processes(in: scope).filter { $0.command.hasPrefix(Tmux.binary) }.map(\.pid)
  }

  /// Waits (up to ten seconds) until no form of this test runs; false if one still does.
  static func waitForNoForms() -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if forms().isEmpty { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func accepts(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
