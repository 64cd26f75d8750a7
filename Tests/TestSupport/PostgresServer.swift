import Foundation
import Synchronization

/// A throwaway PostgreSQL server for the tests: a fresh cluster in a temporary folder,
/// listening on a unix socket in that folder only (no TCP port), trusting whoever can
/// reach the socket (the folder is 0700). As root, it runs as `nobody` (initdb refuses
/// root).
///
/// Nothing outlives the tests, also when they fail or crash:
/// - the shared server is removed by an `atexit` handler when the test process ends, and
///   a private one by the test that made it (`defer { server.remove() }`);
/// - before anything else, each server starts a `Watchdog`, which stops the server and
///   removes the folder however the test process ends.
public final class PostgresServer: Sendable {
  /// The folder holding the cluster (`data`), the log and the socket.
  public let directory: String
  /// The TCP port on 127.0.0.1, for a server made with `tcp`; nil: unix socket only.
  public let port: Int?
  /// What a TCP connection must give (the socket trusts whoever reaches its 0700 folder;
  /// a port, everyone on the machine).
  private let password: String?
  private let binaries: String
  /// `runuser -u nobody --` when running as root; nothing otherwise.
  private let asServerUser: [String]
  private let watchdog: Int32
  private let databases = Atomic<Int>(0)
  private let removed = Atomic<Bool>(false)

  /// The server all tests of this process share, started on first use and removed when
  /// the process exits.
  public static func shared() throws -> PostgresServer {
    try sharedServer.get()
  }

  private static let sharedServer = Result { () throws -> PostgresServer in
    let server = try PostgresServer()
    atexit(removeSharedServer)
    return server
  }

  fileprivate static func removeShared() { try? sharedServer.get().remove() }

  /// A server of one's own, for a test that stops and starts it; `remove()` it at the end.
  /// With `tcp` it also listens on a free port of 127.0.0.1 (and only there), for a test
  /// of what a connection over TCP does.
  public init(tcp: Bool = false) throws {
    binaries = try Self.findBinaries()
    port = tcp ? try Self.freePort() : nil
    password = tcp ? UUID().uuidString : nil
    // In memory when there is a tmpfs: every file the cluster makes is also unlinked at the
    // end, and on a disk mounted with `discard` that alone takes a minute.
    let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var path = Array("\(parent)/register-pg-XXXXXX".utf8CString)
    guard mkdtemp(&path) != nil else { throw POSIXError(.EACCES) }
    directory = String(
      decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let root = getuid() == 0
    asServerUser = root ? ["/usr/sbin/runuser", "-u", "nobody", "--"] : []
    if root, let nobody = getpwnam("nobody") {
      chown(directory, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
    }
    chmod(directory, 0o700)
    watchdog = try Watchdog.start(
      stop: asServerUser + Self.stopCommand(binaries, directory), removing: directory)
    do {
      try serverCommand([
        "\(binaries)/initdb", "-D", "\(directory)/data", "-U", "postgres", "--auth-local=trust",
        "--auth-host=scram-sha-256", "--no-sync", "--encoding=UTF8", "--locale=C.UTF-8",
      ])
      try start()
      if let password { try psql("postgres", "ALTER ROLE postgres PASSWORD '\(password)'") }
    } catch {
      remove()
      throw error
    }
  }

  deinit { remove() }

  /// The URI of `database` on this server.
  public func uri(_ database: String) -> String {
    "postgresql://postgres@/\(database)?host=\(directory)" + (port.map { "&port=\($0)" } ?? "")
  }

  /// The URI of `database` over TCP, for a server made with `tcp`.
  public func tcpURI(_ database: String) -> String? {
    port.map { "postgresql://postgres:\(password ?? "")@127.0.0.1:\($0)/\(database)" }
  }

  /// A new, empty database: its URI.
  public func makeDatabase() throws -> String {
    let name = "test\(databases.add(1, ordering: .relaxed).newValue)"
    try psql("postgres", "CREATE DATABASE \(name)")
    return uri(name)
  }

  /// Runs `sql` in `database` (a name or a URI) with psql; returns what it printed
  /// (unaligned, no headers), without the last newline.
  @discardableResult
  public func psql(_ database: String, _ sql: String) throws -> String {
    let target = database.hasPrefix("postgresql://") ? database : uri(database)
    let output = try ChildProcess.run(
      "\(binaries)/psql",
      ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", target, "-c", sql])
    return output.hasSuffix("\n") ? String(output.dropLast()) : output
  }

  /// Starts the server (again, after `stop()`).
  public func start() throws {
    let settings = [
      "-k \(directory)",
      port.map { "-c listen_addresses=127.0.0.1 -p \($0)" } ?? "-c listen_addresses=''",
      // Durability is not what the tests are about; speed is.
      "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
    ]
    try serverCommand([
      "\(binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-l", "\(directory)/log",
      "-o", settings.joined(separator: " "), "start",
    ])
  }

  /// Stops the server, as an administrator would (open connections are closed).
  public func stop() throws {
    try serverCommand([
      "\(binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-m", "fast", "stop",
    ])
  }

  /// Stops the server at once and removes its folder. Safe to call twice.
  public func remove() {
    guard !removed.exchange(true, ordering: .relaxed) else { return }
    try? serverCommand(Self.stopCommand(binaries, directory))
    try? FileManager.default.removeItem(atPath: directory)
    close(watchdog)  // its work is done; it ends
  }

  // MARK: Inside

  private func serverCommand(_ command: [String]) throws {
    let full = asServerUser + command
    try ChildProcess.run(full[0], Array(full.dropFirst()), in: directory)
  }

  private static func stopCommand(_ binaries: String, _ directory: String) -> [String] {
    ["\(binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-m", "immediate", "stop"]
  }

  /// A TCP port of 127.0.0.1 that nothing listens on now (the kernel's choice).
  private static func freePort() throws -> Int {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
      }
    }
    guard found else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// `PG_BINDIR`, or the newest /usr/lib/postgresql/N/bin (Debian keeps initdb there).
  private static func findBinaries() throws -> String {
    if let bindir = ProcessInfo.processInfo.environment["PG_BINDIR"] { return bindir }
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))
      ?? []
    guard
      let newest = versions.compactMap(Int.init).sorted().last(where: {
        FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
      })
    else {
      throw ChildProcess.Failure(
        command: "initdb", status: 127,
        output: "PostgreSQL is not installed: make deps installs it (Debian postgresql)")
    }
    return "/usr/lib/postgresql/\(newest)/bin"
  }
}

/// For `atexit`, which takes a C function.
private func removeSharedServer() { PostgresServer.removeShared() }
