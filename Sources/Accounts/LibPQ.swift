import CPostgres

/// libpq's functions, loaded the first time a PostgreSQL store is opened. A program that
/// uses only SQLite never loads libpq or what it needs (libssl, libcrypto, GSSAPI, LDAP):
/// its start-up and memory stay as they were.
struct LibPQ: @unchecked Sendable {
  // Unchecked: plain C function pointers, set once and only read.
  let api: cpostgres_api

  /// libpq, or why it cannot be loaded (the library file is missing or too old).
  static func load() throws(PostgresError) -> cpostgres_api {
    try loaded.get().api
  }

  private static let loaded = Result { () throws(PostgresError) -> LibPQ in
    var failure: UnsafePointer<CChar>?
    guard let api = cpostgres_load(&failure) else {
      let reason = failure.map { String(cString: $0) } ?? "unknown"
      throw PostgresError(
        kind: .noLibrary, sqlState: nil, message: "cannot load libpq (\(reason)); install libpq5")
    }
    return LibPQ(api: api.pointee)
  }
}
