import CPostgres

#if canImport(Glibc)
  import Glibc
#endif

/// libpq's functions, loaded the first time a PostgreSQL store is opened. A program that
/// uses only SQLite never loads libpq or what it needs (libssl, libcrypto, GSSAPI, LDAP):
/// its start-up and memory stay as they were.
struct LibPQ: @unchecked Sendable {
  // Unchecked: plain C function pointers, set once and only read.
  let connectdbParams: cpostgres_connectdbParams
  let status: cpostgres_status
  let pingParams: cpostgres_pingParams
  let errorMessage: cpostgres_errorMessage
  let finish: cpostgres_finish
  let reset: cpostgres_reset
  let setNoticeProcessor: cpostgres_setNoticeProcessor
  let resultStatus: cpostgres_resultStatus
  let resultErrorField: cpostgres_resultErrorField
  let ntuples: cpostgres_ntuples
  let nfields: cpostgres_nfields
  let getvalue: cpostgres_getvalue
  let getlength: cpostgres_getlength
  let getisnull: cpostgres_getisnull
  let clear: cpostgres_clear
  let sendQuery: cpostgres_sendQuery
  let sendQueryParams: cpostgres_sendQueryParams
  let socket: cpostgres_socket
  let consumeInput: cpostgres_consumeInput
  let isBusy: cpostgres_isBusy
  let getResult: cpostgres_getResult
  let notifies: cpostgres_notifies
  let freemem: cpostgres_freemem
  /// The C library libpq came with, in the static binary.
  private let cLibrary: SecondCLibrary

  /// libpq, or why it cannot be loaded (the library is missing or too old).
  static func load() throws(PostgresError) -> LibPQ {
    try loaded.get()
  }

  private static let loaded = Result { () throws(PostgresError) -> LibPQ in
    // RTLD_LOCAL: libpq's dependencies stay out of the program's symbol space.
    guard let library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
      throw failure()
    }
    return try LibPQ(library)
  }

  private init(_ library: UnsafeMutableRawPointer) throws(PostgresError) {
    func find<Function>(_ name: String, as _: Function.Type) throws(PostgresError) -> Function {
      guard let address = dlsym(library, name) else { throw LibPQ.failure() }
      return unsafeBitCast(address, to: Function.self)
    }
    connectdbParams = try find("PQconnectdbParams", as: cpostgres_connectdbParams.self)
    status = try find("PQstatus", as: cpostgres_status.self)
    pingParams = try find("PQpingParams", as: cpostgres_pingParams.self)
    errorMessage = try find("PQerrorMessage", as: cpostgres_errorMessage.self)
    finish = try find("PQfinish", as: cpostgres_finish.self)
    reset = try find("PQreset", as: cpostgres_reset.self)
    setNoticeProcessor = try find("PQsetNoticeProcessor", as: cpostgres_setNoticeProcessor.self)
    resultStatus = try find("PQresultStatus", as: cpostgres_resultStatus.self)
    resultErrorField = try find("PQresultErrorField", as: cpostgres_resultErrorField.self)
    ntuples = try find("PQntuples", as: cpostgres_ntuples.self)
    nfields = try find("PQnfields", as: cpostgres_nfields.self)
    getvalue = try find("PQgetvalue", as: cpostgres_getvalue.self)
    getlength = try find("PQgetlength", as: cpostgres_getlength.self)
    getisnull = try find("PQgetisnull", as: cpostgres_getisnull.self)
    clear = try find("PQclear", as: cpostgres_clear.self)
    sendQuery = try find("PQsendQuery", as: cpostgres_sendQuery.self)
    sendQueryParams = try find("PQsendQueryParams", as: cpostgres_sendQueryParams.self)
    socket = try find("PQsocket", as: cpostgres_socket.self)
    consumeInput = try find("PQconsumeInput", as: cpostgres_consumeInput.self)
    isBusy = try find("PQisBusy", as: cpostgres_isBusy.self)
    getResult = try find("PQgetResult", as: cpostgres_getResult.self)
    notifies = try find("PQnotifies", as: cpostgres_notifies.self)
    freemem = try find("PQfreemem", as: cpostgres_freemem.self)
    cLibrary = SecondCLibrary(of: library)
  }

  /// Makes libpq's C library ready on the calling thread (see SecondCLibrary); call
  /// before using libpq there.
  func prepareThread() {
    cLibrary.prepareThread()
  }

  private static func failure() -> PostgresError {
    let reason = dlerror().map { String(cString: $0) } ?? "unknown"
    return PostgresError(
      kind: .noLibrary, sqlState: nil, message: "cannot load libpq (\(reason)); install libpq5")
  }
}
