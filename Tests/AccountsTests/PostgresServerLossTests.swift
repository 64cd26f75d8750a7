import Accounts
import Foundation
import Registration
import Synchronization
import TestSupport
import Testing

/// A server that is gone, slow or never there: clear errors, bounded waits, and the store
/// working again once the server is back.
@Suite("PostgreSQL store: a server lost, slow or absent")
struct PostgresServerLossTests {
  @Test(
    "the server stopped mid-session: unreachable, saying where and why; back once it is",
    .timeLimit(.minutes(2)))
  func serverStopped() throws {
    let server = try PostgresServer()
    defer { server.remove() }
    // A failover wait of a few seconds, not the default 30: each call made while the
    // server is stopped waits it out, three of them took 90 s, near the time limit.
    let store = try PostgresAccountStore(
      uri: try #require(PostgresURI(server.makeDatabase())), identity: policy, failoverWait: 3)
    _ = try store.createAccount(login: "alice", password: "Secret123")

    try server.stop()
    let calls: [(String, () throws(AccountStoreError) -> Void)] = [
      ("isLoginTaken", { () throws(AccountStoreError) in _ = try store.isLoginTaken("alice") }),
      (
        "createAccount",
        { () throws(AccountStoreError) in
          _ = try store.createAccount(login: "bob", password: "Secret123")
        }
      ),
      (
        "signIn",
        { () throws(AccountStoreError) in
          _ = try store.signIn(login: "alice", password: "Secret123")
        }
      ),
    ]
    for (name, call) in calls {
      do throws(AccountStoreError) {
        try call()
        Issue.record("\(name) worked with the server stopped")
      } catch {
        guard case .unreachable(let reason) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        // Where (the socket in the server's folder) and why.
        #expect(reason.contains("\(server.directory)/.s.PGSQL.5432"), "\(name): \(reason)")
        #expect(reason.contains("No such file or directory"), "\(name): \(reason)")
        #expect(!reason.contains("\n"), "\(name): \(reason)")
      }
    }

    try server.start()
    #expect(try store.isLoginTaken("alice"))
    _ = try store.createAccount(login: "bob", password: "Secret123")
    #expect(try store.signIn(login: "bob", password: "Secret123")?.login == "bob")

    // Restarted while nothing was asked: the first call, a write, goes through.
    try server.stop()
    try server.start()
    _ = try store.createAccount(login: "carol", password: "Secret123")
    #expect(try store.isLoginTaken("carol"))
  }

  @Test(
    "opening with the server stopped: unreachable, as later calls are (a caller may answer from a copy)",
    .timeLimit(.minutes(2)))
  func openedWhileStopped() throws {
    let server = try PostgresServer()
    defer { server.remove() }
    let uri = try #require(PostgresURI(server.makeDatabase()))
    try server.stop()
    do throws(AccountStoreError) {
      _ = try PostgresAccountStore(uri: uri, identity: policy, failoverWait: 0)
      Issue.record("opened with the server stopped")
    } catch {
      guard case .unreachable(let reason) = error else {
        Issue.record("not unreachable: \(error)")
        return
      }
      #expect(reason.contains("\(server.directory)/.s.PGSQL.5432"), "\(reason)")
    }
    // A server that is there and refuses (no such database) is no server away.
    try server.start()
    let missing = try #require(PostgresURI(server.uri("nosuchdatabase")))
    #expect(throws: AccountStoreError.self) {
      _ = try PostgresAccountStore(uri: missing, identity: policy, failoverWait: 0)
    }
    do throws(AccountStoreError) {
      _ = try PostgresAccountStore(uri: missing, identity: policy, failoverWait: 0)
    } catch {
      guard case .unavailable = error else {
        Issue.record("a refusal taken for a server away: \(error)")
        return
      }
    }
  }

  @Test("connecting gives up after the default timeout")
  func defaultConnectTimeout() throws {
    let silent = try SilentServer()
    let uri = try #require(PostgresURI("postgresql://postgres@/accounts?host=\(silent.folder)"))
    let error = silent.connectionError { () throws(AccountStoreError) in
      // No failover wait: what one try of connecting does.
      _ = try PostgresAccountStore(uri: uri, identity: policy, connectTimeout: 2, failoverWait: 0)
    }
    #expect(error?.description.contains("timeout expired") == true, "\(String(describing: error))")
  }

  @Test("a URI's connect_timeout wins over the default")
  func uriConnectTimeout() throws {
    let silent = try SilentServer()
    let uri = try #require(
      PostgresURI("postgresql://postgres@/accounts?host=\(silent.folder)&connect_timeout=2"))
    let error = silent.connectionError { () throws(AccountStoreError) in
      _ = try PostgresAccountStore(
        uri: uri, identity: policy, connectTimeout: 3600, failoverWait: 0)
    }
    #expect(error?.description.contains("timeout expired") == true, "\(String(describing: error))")
  }

  @Test(
    "no password in a connection error, also where libpq quotes the URI",
    arguments: [
      "postgresql://alice:hunter2@/accounts?host=/nonexistent",
      "postgresql://alice@/accounts?host=/nonexistent&password=hunter2",
      "postgresql://alice:hun%zzter2@/accounts?host=/nonexistent",
      "postgresql://alice:hunter2@[::1/accounts",
    ])
  func noPasswordInErrors(text: String) throws {
    let uri = try #require(PostgresURI(text))
    do throws(AccountStoreError) {
      _ = try PostgresAccountStore(uri: uri, identity: policy)
      Issue.record("connected")
    } catch {
      #expect(!error.description.contains("hun"), "\(error)")
      #expect(!error.description.isEmpty)
    }
  }
}

/// A unix socket where a PostgreSQL server would be, that accepts connections and never
/// says a word: what a hung server or a black-holed network looks like to a client.
final class SilentServer {
  let folder: String
  private let directory: TemporaryFolder
  private let socket: Int32

  init() throws {
    directory = try TemporaryFolder()
    folder = directory.url.path
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array("\(folder)/.s.PGSQL.5432".utf8CString)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      bytes.copyBytes(from: path.map { UInt8(bitPattern: $0) })
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(socket, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
  }

  deinit { close(socket) }

  /// How `connect` failed against this server. If it has not given up after 30 seconds,
  /// that is recorded, and the server takes the connection and hangs up, so that the attempt
  /// ends (a test time limit would not stop a thread blocked in libpq; closing the listening
  /// socket does not wake a client still in its backlog).
  func connectionError(_ connect: @escaping @Sendable () throws(AccountStoreError) -> Void)
    -> AccountStoreError?
  {
    let outcome = Mutex<AccountStoreError?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      do throws(AccountStoreError) {
        try connect()
      } catch {
        outcome.withLock { $0 = error }
      }
      done.signal()
    }.start()
    if done.wait(timeout: .now() + 30) == .timedOut {
      Issue.record("still connecting after 30 seconds")
      _ = fcntl(socket, F_SETFL, O_NONBLOCK)
      while done.wait(timeout: .now() + 0.1) == .timedOut {
        let connection = accept(socket, nil, nil)
        if connection >= 0 { close(connection) }
      }
    }
    return outcome.withLock { $0 }
  }
}
