import CSQLite
import Registration

/// What SQLite said went wrong.
struct DatabaseError: Error, CustomStringConvertible {
  let code: Int32
  let message: String

  /// The extended result code says a UNIQUE constraint failed.
  var isUniqueViolation: Bool { code == csqlite_constraint_unique() }
  var description: String { message }
}

extension AccountStoreError {
  /// What SQLite's complaint means to the store's users: the store is unavailable.
  init(_ error: DatabaseError) {
    self = .unavailable(error.message)
  }
}

/// One connection to a SQLite database. Not thread-safe: its owner serializes use.
final class Database {
  private let handle: OpaquePointer

  /// How a file is opened.
  enum Access {
    /// Reading and writing an existing file, which must not be a symbolic link.
    case readWrite
    /// Reading only, and never writing anything: not the file, not a `-wal` or `-shm`
    /// (SQLite's `immutable`). Sees only what is in the file itself, not in a `-wal`.
    case inspect
    /// Reading only, through an existing `-wal`; SQLite may write the `-shm` index, as
    /// every reader of a WAL database does.
    case readOnly
  }

  /// Opens an existing file.
  init(path: String, access: Access = .readWrite) throws(DatabaseError) {
    var handle: OpaquePointer?
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
    var name = path
    switch access {
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .inspect:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = Self.uri(path, "immutable=1")
    case .readOnly:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = Self.uri(path, "mode=ro")
    }
    let status = sqlite3_open_v2(name, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message =
        handle.map { String(cString: sqlite3_errmsg($0)) }
        ?? String(cString: sqlite3_errstr(status))
      sqlite3_close_v2(handle)
      throw DatabaseError(code: status, message: message)
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
    // Every connection, the ones that only inspect a file included, waits for another
    // process's lock instead of failing at once (20 first sign-ups racing on a new file).
    sqlite3_busy_timeout(handle, 5000)
  }

  deinit { sqlite3_close_v2(handle) }

  /// `file:` URI for `path` with a query: every byte but letters, digits and `/-._~`
  /// escaped, so `?`, `#` and `%` in a name stay part of it.
  private static func uri(_ path: String, _ query: String) -> String {
    var escaped = path.hasPrefix("/") ? "file://" : "file:"
    for byte in path.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        || "/-._~".unicodeScalars.contains(scalar)
      {
        escaped.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        escaped += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return escaped + "?" + query
  }

  /// True when the file could only be opened for reading.
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Runs statements that take no parameters (schema, pragmas).
  func execute(_ sql: String) throws(DatabaseError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error() }
  }

  func prepare(_ sql: String) throws(DatabaseError) -> Statement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error() }
    return Statement(statement, database: self)
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// The first column of the first row of a query, as an integer.
  func integer(_ sql: String) throws(DatabaseError) -> Int {
    let statement = try prepare(sql)
    return try statement.step() ? statement.integer(0) : 0
  }

  /// The error SQLite reports now (its extended code and message).
  func error() -> DatabaseError {
    DatabaseError(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// A prepared statement: values are bound, never spliced into SQL.
final class Statement {
  private let handle: OpaquePointer
  private let database: Database

  init(_ handle: OpaquePointer, database: Database) {
    self.handle = handle
    self.database = database
  }

  deinit { sqlite3_finalize(handle) }

  /// Binds text with its length in bytes: as a C string, it would end at its first NUL.
  private static func bind(_ text: String, at position: Int32, to handle: OpaquePointer) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      // An empty buffer may have no address, and a null pointer binds NULL, not "".
      guard let start = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text64(handle, position, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
      }
      return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text64(
          handle, position, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8)
        )
      }
    }
  }

  /// Clears the last run and binds `values` (text, integers or NULL) to ?1, ?2, ...
  func bind(_ values: any SQLValue...) throws(DatabaseError) {
    try bind(values)
  }

  /// `bind(_:...)` with the values in an array.
  func bind(_ values: [any SQLValue]) throws(DatabaseError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      let status =
        switch value {
        case let number as Int: sqlite3_bind_int64(handle, position, Int64(number))
        case let text as String: Self.bind(text, at: position, to: handle)
        case is SQLNull: sqlite3_bind_null(handle, position)
        default: SQLITE_MISUSE
        }
      guard status == SQLITE_OK else { throw database.error() }
    }
  }

  /// Advances to the next row; false when there is none (or the statement was not a query).
  func step() throws(DatabaseError) -> Bool {
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE:
      sqlite3_reset(handle)
      return false
    default:
      let error = database.error()
      sqlite3_reset(handle)
      throw error
    }
  }

  /// The text of a column, all its bytes (a NUL included).
  func text(_ column: Int32) -> String {
    guard let text = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// The text of a column, nil for NULL.
  func optionalText(_ column: Int32) -> String? {
    sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
  }

  func integer(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  /// Ends a query early, so the statement holds no read lock.
  func finish() { sqlite3_reset(handle) }
}

/// What a statement can be given: text, integers and NULL.
protocol SQLValue {}
extension String: SQLValue {}
extension Int: SQLValue {}
/// SQL's NULL, as a value to bind.
struct SQLNull: SQLValue {}
