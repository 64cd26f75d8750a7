import CPostgres

/// One row of a result, read in place from libpq's memory: a listing of a million rows
/// makes no array of them, and a number is read from its digits without text made first.
/// Valid only inside the `forEachRow` call that gave it.
struct PostgresRow {
  let libpq: LibPQ
  let result: OpaquePointer
  let index: Int32

  /// The column as text; nil for NULL.
  func text(_ column: Int32) -> String? {
    guard let bytes = bytes(column) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A column of decimal digits (an id, seconds since 1970) as a number; nil for NULL or
  /// anything else.
  func integer(_ column: Int32) -> Int? {
    guard let bytes = bytes(column), !bytes.isEmpty, bytes.count <= 19 else { return nil }
    let negative = bytes[0] == UInt8(ascii: "-")
    let digits = negative ? bytes[1...] : bytes[...]
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return negative ? -value : value
  }

  private func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
    guard libpq.getisnull(result, index, column) == 0,
      let start = libpq.getvalue(result, index, column)
    else { return nil }
    return UnsafeRawBufferPointer(
      start: UnsafeRawPointer(start), count: Int(libpq.getlength(result, index, column)))
  }
}

extension PostgresConnection {
  /// Runs one statement (as `query`) and calls `row` with each row of its answer, in
  /// order; returns how many there were.
  @discardableResult
  func forEachRow(
    _ sql: String, _ parameters: [String] = [],
    _ row: (PostgresRow) throws(PostgresError) -> Void
  ) throws(PostgresError) -> Int {
    try withResult(sql, parameters) { result throws(PostgresError) -> Int in
      let count = libpq.ntuples(result)
      for index in 0..<count { try row(PostgresRow(libpq: libpq, result: result, index: index)) }
      return Int(count)
    }
  }

  /// Calls `row` with every row of the cursor `cursor`, fetched `size` rows at a time, in
  /// order. The next FETCH is sent before the last one's rows are read: the server makes
  /// the next rows while these are read here.
  func forEachRow(
    ofCursor cursor: String, fetching size: Int, _ row: (PostgresRow) throws(PostgresError) -> Void
  ) throws(PostgresError) {
    let fetch = "FETCH \(size) FROM \(cursor)"
    libpq.prepareThread()
    var inFlight = try sendOrThrow(fetch)
    do throws(PostgresError) {
      while inFlight {
        let result = try answer(sent: true)
        inFlight = false
        defer { libpq.clear(result) }
        try check(result)
        let count = libpq.ntuples(result!)
        if Int(count) == size { inFlight = try sendOrThrow(fetch) }
        for index in 0..<count {
          try row(PostgresRow(libpq: libpq, result: result!, index: index))
        }
      }
    } catch {
      // An answer still coming is taken, so that the connection can be used (or rolled
      // back) next.
      if inFlight, isOpen, let result = try? answer(sent: true) { libpq.clear(result) }
      throw error
    }
  }

  private func sendOrThrow(_ sql: String) throws(PostgresError) -> Bool {
    guard libpq.sendQuery(handle, sql) == 1 else {
      try check(nil)
      return false
    }
    return true
  }
}
