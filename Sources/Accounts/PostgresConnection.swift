import CPostgres

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server through libpq. Not thread-safe: its owner
/// serializes use.
final class PostgresConnection {
  let uri: PostgresURI
  private let libpq: LibPQ
  private let handle: OpaquePointer

  /// Connects. `defaultConnectTimeout` (seconds) applies unless the URI's
  /// `connect_timeout` or `PGCONNECT_TIMEOUT` says otherwise: without one, a host that
  /// drops packets would keep the program waiting for minutes.
  init(uri: PostgresURI, defaultConnectTimeout: Int = 5) throws(PostgresError) {
    self.uri = uri
    libpq = try LibPQ.load()
    libpq.prepareThread()
    // Settings before `dbname` give way to the URI's own; those after it win.
    var settings = [("fallback_application_name", "register")]
    if getenv("PGCONNECT_TIMEOUT") == nil {
      settings.append(("connect_timeout", String(defaultConnectTimeout)))
    }
    settings.append(("dbname", uri.text))
    // Text goes both ways as UTF-8, whatever the database's default for clients.
    settings.append(("client_encoding", "UTF8"))
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

  /// False once the connection has broken; `reconnect()` tries again.
  var isOpen: Bool { libpq.status(handle) == CONNECTION_OK }

  /// Connects again with the same settings.
  func reconnect() throws(PostgresError) {
    libpq.prepareThread()
    libpq.reset(handle)
    guard isOpen else { throw Self.connectionError(libpq, handle, uri) }
  }

  /// Runs statements that take no parameters (schema, transactions); several may be given.
  func execute(_ sql: String) throws(PostgresError) {
    libpq.prepareThread()
    let result = libpq.exec(handle, sql)
    defer { libpq.clear(result) }
    try check(result)
  }

  /// Runs one statement with `parameters` as $1, $2, …: sent apart from the SQL, as text
  /// of a given length (binary format), so a NUL inside is refused by the server instead of
  /// cutting the text short. Other types need a cast in the SQL (`$2::integer`).
  /// Returns the rows; a NULL is nil.
  func query(_ sql: String, _ parameters: [String] = []) throws(PostgresError) -> [[String?]] {
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
    let result = bytes.withUnsafeBufferPointer { buffer in
      let values = offsets.map { Optional(buffer.baseAddress! + $0) }
      return libpq.execParams(
        handle, sql, Int32(parameters.count), types, values, lengths, formats, 0)
    }
    defer { libpq.clear(result) }
    try check(result)
    return rows(result!)
  }

  // MARK: Inside

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
  private func check(_ result: OpaquePointer?) throws(PostgresError) {
    let status = result.map { libpq.resultStatus($0) } ?? PGRES_FATAL_ERROR
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return }
    let field = { [libpq] (code: UInt8) -> String? in
      result.flatMap { libpq.resultErrorField($0, Int32(code)) }.map { String(cString: $0) }
    }
    let sqlState = field(UInt8(ascii: "C"))  // PG_DIAG_SQLSTATE
    let message =
      field(UInt8(ascii: "M"))  // PG_DIAG_MESSAGE_PRIMARY: from the server
      ?? Self.errorMessage(libpq, handle)  // from libpq: the connection
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
