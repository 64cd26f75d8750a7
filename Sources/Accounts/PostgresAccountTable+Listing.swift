import Registration

// Listings on PostgreSQL (`register admin list`, `log`): one query, read through a cursor
// in one read-only snapshot, many rows a round trip, the next asked for while the last
// is read. A page per query (ORDER BY id LIMIT)
// made the client and the server wait for each other 2,000 times over a million accounts.

extension PostgresAccountTable {
  /// Rows a FETCH brings: about a megabyte of libpq's memory, 100 round trips a million.
  static let listingFetchSize = 10_000

  func forEachRecord(
    state: AccountState?, since: String?, _ row: (AccountRecord) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    // Seconds since 1970 rather than to_char's text: the server's half of the time, and
    // formatted here as cheaply (Timestamp.string).
    try stream(
      """
      SELECT id, login, state, floor(date_part('epoch', created_at))::bigint, client_address,
        lock_reason
      FROM accounts
      WHERE id > $1::bigint AND (NULLIF($2, '') IS NULL OR state = $2)
        AND (NULLIF($3, '') IS NULL OR created_at > NULLIF($3, '')::timestamptz)
      ORDER BY id
      """, [state?.rawValue ?? "", since ?? ""],
      decode: { found in
        guard let id = found.integer(0), let login = found.text(1),
          let created = found.integer(3)
        else { return nil }
        return AccountRecord(
          id: id, login: login, state: found.text(2).flatMap(AccountState.init) ?? .locked,
          createdAt: Timestamp.string(created), clientAddress: found.text(4),
          reason: found.text(5))
      }, id: \.id, row)
  }

  func forEachAuditEntry(
    since: String?, login: String?, _ row: (AuditEntry) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    try stream(
      """
      SELECT id, floor(date_part('epoch', at))::bigint, action, login, client_address, by_user,
        detail
      FROM audit_log
      WHERE id > $1::bigint AND (NULLIF($2, '') IS NULL OR at >= NULLIF($2, '')::timestamptz)
        AND (NULLIF($3, '') IS NULL OR login = $3)
      ORDER BY id
      """, [since ?? "", login ?? ""],
      decode: { found in
        guard let id = found.integer(0), let at = found.integer(1),
          let action = found.text(2).flatMap(AuditEntry.Action.init)
        else { return nil }
        return AuditEntry(
          id: id, at: Timestamp.string(at), action: action, login: found.text(3),
          clientAddress: found.text(4), by: found.text(5), detail: found.text(6))
      }, id: \.id, row)
  }

  /// Calls `deliver` with each row of `select` decoded, in order. `select`'s $1 is the id
  /// after which it starts (the rest of its parameters follow), and `id` gives a row's. It
  /// runs under a cursor in a REPEATABLE READ READ ONLY transaction: one snapshot, the
  /// store as it was when the listing began. After a lost connection it goes on after the
  /// last row delivered (in a new snapshot), so no row is given twice. The connection is
  /// held meanwhile: `deliver` must not use the table.
  private func stream<Row>(
    _ select: String, _ parameters: [String], decode: (PostgresRow) -> Row?,
    id: (Row) -> Int, _ deliver: (Row) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    var after = 0
    // What `deliver` threw: it ends the listing, and is what the caller is told.
    var refused: AccountStoreError?
    do throws(AccountStoreError) {
      try run { db, _ throws(PostgresError) in
        try db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        do throws(PostgresError) {
          _ = try db.query(
            "DECLARE listing NO SCROLL CURSOR FOR \(select)", [String(after)] + parameters)
          try db.forEachRow(ofCursor: "listing", fetching: Self.listingFetchSize) {
            found throws(PostgresError) in
            guard let decoded = decode(found) else { return }
            do throws(AccountStoreError) {
              try deliver(decoded)
            } catch {
              refused = error
              throw PostgresError(kind: .server, sqlState: nil, message: "listing stopped")
            }
            after = id(decoded)
          }
          try db.execute("COMMIT")
        } catch {
          if db.isOpen { try? db.execute("ROLLBACK") }
          throw error
        }
      }
    } catch {
      throw refused ?? error
    }
  }
}
