import CPostgres

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server through libpq. Not thread-safe: its owner
/// serializes use.
final class PostgresConnection {
  let uri: PostgresURI
  // Not private: the notifications' extension (PostgresConnection+Notifications) uses them.
  let libpq: LibPQ
  let handle: OpaquePointer

  /// Connects. `defaultConnectTimeout` (seconds) applies unless the URI's
  /// `connect_timeout` or `PGCONNECT_TIMEOUT` says otherwise: without one, a host that
  /// drops packets would keep the program waiting for minutes.
  init(uri: PostgresURI, defaultConnectTimeout: Int = 5) throws(PostgresError) {
    self.uri = uri
    libpq = try LibPQ.load()
    libpq.prepareThread()
    let settings = Self.settings(uri, defaultConnectTimeout)
    let keywords = settings.map { UnsafePointer(strdup($0.0)) } + [nil]
    let values = settings.map { UnsafePointer(strdup($0.1)) } + [nil]
    defer { (keywords + values).forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    // 1: expand `dbname` as a connection string.
    guard let handle = libpq.connectdbParams(keywords, values, 1) else {
      throw PostgresError(kind: .unreachable, sqlState: nil, message: "out of memory")
    }
    guard libpq.status(handle) == CONNECTION_OK else {
      let error = Self.connectionError(libpq, handle, uri)
      libpq.finish(handle)
      throw error
    }
    // libpq prints the server's notices ("already exists, skipping") on stderr: over the
    // form. None of them is for the person at the terminal.
    _ = libpq.setNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
  }

  deinit {
    libpq.prepareThread()
    libpq.finish(handle)
  }

  /// What libpq is given to connect to `uri`.
  private static func settings(_ uri: PostgresURI, _ defaultConnectTimeout: Int) -> [(
    String, String
  )] {
    // Settings before `dbname` give way to the URI's own; those after it win.
    var settings = [("fallback_application_name", "register")]
    if getenv("PGCONNECT_TIMEOUT") == nil {
      settings.append(("connect_timeout", String(defaultConnectTimeout)))
    }
    settings.append(("dbname", uri.text))
    // Text goes both ways as UTF-8, whatever the database's default for clients.
    settings.append(("client_encoding", "UTF8"))
    return settings
  }

  /// Whether a server at `uri` takes connections (PQping, which logs nothing in): one
  /// that refused ours (a wrong role or database) is there; none that could be reached,
  /// or one starting, stopping or recovering, is away for now.
  static func serverAnswers(uri: PostgresURI, defaultConnectTimeout: Int = 5) -> Bool {
    guard let libpq = try? LibPQ.load() else { return false }
    libpq.prepareThread()
    let settings = Self.settings(uri, defaultConnectTimeout)
    let keywords = settings.map { UnsafePointer(strdup($0.0)) } + [nil]
    let values = settings.map { UnsafePointer(strdup($0.1)) } + [nil]
    defer { (keywords + values).forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return libpq.pingParams(keywords, values, 1) == PQPING_OK
  }

  /// False once the connection has broken, or was given up waiting for an answer;
  /// `reconnect()` tries again.
  var isOpen: Bool { !abandoned && libpq.status(handle) == CONNECTION_OK }

  /// Connects again with the same settings: with several hosts in the URI, to the first
  /// that answers as the URI asks (`target_session_attrs=read-write`: after a failover,
  /// the new leader).
  func reconnect() throws(PostgresError) {
    libpq.prepareThread()
    libpq.reset(handle)
    guard libpq.status(handle) == CONNECTION_OK else {
      throw Self.connectionError(libpq, handle, uri)
    }
    abandoned = false
  }

  /// How long a statement's answer is waited for before the connection counts as lost
  /// (a frozen server, or one behind a network that drops packets, never says no: without
  /// a limit a sign-up would wait for ever). Nil: as long as it takes (migrations).
  var answerTimeout: Duration? = RetryPolicy().answerTimeout

  /// Runs statements that take no parameters (schema, transactions); several may be given.
  func execute(_ sql: String) throws(PostgresError) {
    libpq.prepareThread()
    let result = try answer(sent: libpq.sendQuery(handle, sql) == 1)
    defer { libpq.clear(result) }
    try check(result)
  }

  /// Runs one statement with `parameters` as $1, $2, …: sent apart from the SQL, as text
  /// of a given length (binary format), so a NUL inside is refused by the server instead of
  /// cutting the text short. Other types need a cast in the SQL (`$2::integer`).
  /// Returns the rows; a NULL is nil.
  func query(_ sql: String, _ parameters: [String] = []) throws(PostgresError) -> [[String?]] {
    try withResult(sql, parameters) { result in rows(result) }
  }

  /// Runs one statement as `query` does and gives `body` its result, which lives only as
  /// long as `body` runs: rows can be read from it in place (PostgresConnection+Rows).
  func withResult<T>(
    _ sql: String, _ parameters: [String],
    _ body: (OpaquePointer) throws(PostgresError) -> T
  ) throws(PostgresError) -> T {
    libpq.prepareThread()
    var bytes: [CChar] = []
    var offsets: [Int] = []
    for parameter in parameters {
      offsets.append(bytes.count)
      bytes.append(contentsOf: parameter.utf8.map { CChar(bitPattern: $0) })
    }
    bytes.append(0)  // never empty, so every parameter has an address
    let lengths = parameters.map { Int32($0.utf8.count) }
    let types = [Oid](repeating: 25, count: parameters.count)  // text
    let formats = [Int32](repeating: 1, count: parameters.count)
    let sent = bytes.withUnsafeBufferPointer { buffer in
      let values = offsets.map { Optional(buffer.baseAddress! + $0) }
      return libpq.sendQueryParams(
        handle, sql, Int32(parameters.count), types, values, lengths, formats, 0) == 1
    }
    let result = try answer(sent: sent)
    defer { libpq.clear(result) }
    try check(result)
    return try body(result!)
  }

  // MARK: Inside

  /// Set when an answer did not come in time: the statement may still run, and the
  /// connection is in no state for another; `reconnect()` makes a new one.
  private var abandoned = false

  // Not private: a listing (PostgresConnection+Rows) sends its next FETCH before it reads
  // the last one's rows.
  /// The last result of what was just sent (as PQexec gives it), waiting at most
  /// `answerTimeout`; nil if nothing could be sent. Past the time, the connection is
  /// given up and the call throws `connectionLost`: whether the statement took effect
  /// is not known (the caller finds out, see PostgresAccountTable.insert).
  func answer(sent: Bool) throws(PostgresError) -> OpaquePointer? {
    guard sent else { return nil }
    let deadline = answerTimeout.map { ContinuousClock.now + $0 }
    var last: OpaquePointer?
    while true {
      while libpq.isBusy(handle) == 1 {
        var ready = pollfd(fd: libpq.socket(handle), events: Int16(POLLIN), revents: 0)
        var wait: Int32 = -1
        if let deadline {
          let left = deadline - .now
          guard left > .zero else {
            abandoned = true
            if let last { libpq.clear(last) }
            throw PostgresError(
              kind: .connectionLost, sqlState: nil,
              message: "the server did not answer in time")
          }
          wait = Int32(min(left / .milliseconds(1), 60_000)) + 1
        }
        let polled = poll(&ready, 1, wait)
        if polled < 0 && errno != EINTR { break }
        // Ready, or the connection broke: PQgetResult then gives the error.
        if polled > 0 && libpq.consumeInput(handle) == 0 { break }
      }
      guard let result = libpq.getResult(handle) else { return last }
      if let last { libpq.clear(last) }
      last = result
    }
  }

  private func rows(_ result: OpaquePointer) -> [[String?]] {
    let (count, columns) = (libpq.ntuples(result), libpq.nfields(result))
    return (0..<count).map { row in
      (0..<columns).map { column -> String? in
        if libpq.getisnull(result, row, column) == 1 { return nil }
        let start = UnsafeRawPointer(libpq.getvalue(result, row, column)!)
        let length = Int(libpq.getlength(result, row, column))
        return String(
          decoding: UnsafeBufferPointer(
            start: start.assumingMemoryBound(to: UInt8.self), count: length),
          as: UTF8.self)
      }
    }
  }

  /// Throws unless `result` is a success.
  func check(_ result: OpaquePointer?) throws(PostgresError) {
    let status = result.map { libpq.resultStatus($0) } ?? PGRES_FATAL_ERROR
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return }
    let field = { [libpq] (code: UInt8) -> String? in
      result.flatMap { libpq.resultErrorField($0, Int32(code)) }.map { String(cString: $0) }
    }
    let sqlState = field(UInt8(ascii: "C"))  // PG_DIAG_SQLSTATE
    let message =
      field(UInt8(ascii: "M"))  // PG_DIAG_MESSAGE_PRIMARY: from the server
      ?? Self.errorMessage(libpq, handle)  // from libpq: the connection
    // A server that takes no writes (25006: a leader demoted under us) is no use to this
    // connection: a new one finds the server that does.
    if PostgresError.meansReadOnly(sqlState) { abandoned = true }
    let lost = !isOpen || PostgresError.meansConnectionLost(sqlState)
    throw PostgresError(
      kind: lost ? .connectionLost : .server, sqlState: sqlState,
      message: uri.scrub(PostgresError.oneLine(message)))
  }

  private static func connectionError(
    _ libpq: LibPQ, _ handle: OpaquePointer, _ uri: PostgresURI
  ) -> PostgresError {
    PostgresError(
      kind: .unreachable, sqlState: nil,
      message: uri.scrub(PostgresError.oneLine(errorMessage(libpq, handle))))
  }

  private static func errorMessage(_ libpq: LibPQ, _ handle: OpaquePointer) -> String {
    libpq.errorMessage(handle).map { String(cString: $0) } ?? "unknown error"
  }
}
