import Registration

/// The accounts as Unix users, in the PostgreSQL store every host of a site shares: what
/// `register sync` reads (accounts with uids, keys) and writes (its host's local names, the
/// site's uid range). The uids themselves are given by the store (migration 6's trigger).
/// One connection, made again when it breaks; safe to share between threads.
public final class UnixDirectory: Sendable, CustomStringConvertible {
  private let table: PostgresAccountTable

  /// How many rows one statement reads: a million accounts are never one answer.
  static let pageSize = 10_000
  /// How many accounts one statement gives uids: each moves `unix_settings.next_uid` on,
  /// and in one transaction every update of that one row leaves a version the next must
  /// step over, so a large page costs its square.
  static let uidPageSize = 500

  /// Connects to the store at `uri` and brings its schema up to date. A server that is
  /// away is waited for up to `failoverWait` seconds in each call.
  public init(uri: PostgresURI, connectTimeout: Int = 5, failoverWait: Int = 30)
    throws(AccountStoreError)
  {
    table = try PostgresAccountTable(
      uri: uri, connectTimeout: connectTimeout,
      retry: RetryPolicy(failoverWait: .seconds(failoverWait)))
  }

  public var description: String { table.description }

  public func close() { table.close() }

  /// Makes `range` the one new uids are taken from (the site's `uid-range`); moved, the
  /// next uid is its first unless the old next one is inside it.
  public func setUIDRange(_ range: ClosedRange<Int>) throws(AccountStoreError) {
    try table.run { db, _ throws(PostgresError) in
      _ = try db.query(
        """
        UPDATE unix_settings SET uid_low = $1::integer, uid_high = $2::integer,
          next_uid = CASE WHEN next_uid BETWEEN $1::integer AND $2::integer
            THEN next_uid ELSE $1::integer END
        WHERE uid_low <> $1::integer OR uid_high <> $2::integer
        """, [String(range.lowerBound), String(range.upperBound)])
    }
  }

  /// Replaces what the store knows of `host`'s own users and groups with `names`, in one
  /// transaction: sign-up then refuses those names, and the store gives none of the ids.
  public func record(localNames names: [LocalName], host: String) throws(AccountStoreError) {
    let kinds = Self.array(names.map(\.kind.rawValue))
    let texts = Self.array(names.map(\.name))
    let ids = "{" + names.map { String($0.id) }.joined(separator: ",") + "}"
    try table.run { db, _ throws(PostgresError) in
      try PostgresAccountTable.transaction(db, if: true) { () throws(PostgresError) in
        _ = try db.query("DELETE FROM local_names WHERE host = $1", [host])
        _ = try db.query(
          """
          INSERT INTO local_names (host, kind, name, id)
          SELECT DISTINCT ON (kind, name) $1, kind, name, id
          FROM unnest($2::text[], $3::text[], $4::bigint[]) AS given (kind, name, id)
          """, [host, kinds, texts, ids])
      }
    }
  }

  /// Gives a uid to every active account without one (from before the store gave them),
  /// a page at a time: how many it gave, and whether some were left without one because
  /// the range has no uid left.
  public func assignMissingUIDs() throws(AccountStoreError) -> (given: Int, rangeFull: Bool) {
    var given = 0
    var after = "0"
    while true {
      let page = try table.run { db, _ throws(PostgresError) in
        // `SET state = state`: the trigger gives the uid, under its lock.
        try db.query(
          """
          UPDATE accounts SET state = state WHERE id IN (
            SELECT id FROM accounts WHERE state = 'active' AND uid IS NULL AND id > $1::bigint
            ORDER BY id LIMIT $2::integer)
          RETURNING id, uid
          """, [after, String(Self.uidPageSize)])
      }
      given += page.filter { $0[1] != nil }.count
      if page.contains(where: { $0[1] == nil }) { return (given, true) }
      if page.count < Self.uidPageSize { return (given, false) }
      after = page.compactMap { $0[0].flatMap { Int($0) } }.max().map(String.init) ?? after
    }
  }

  /// Every active or locked account with a uid, in uid order (pending ones have none).
  public func accounts() throws(AccountStoreError) -> [UnixAccount] {
    var found: [UnixAccount] = []
    while true {
      let after = found.last?.uid ?? -1
      let rows = try table.run { db, _ throws(PostgresError) in
        try db.query(
          """
          SELECT login, uid, password_hash, state FROM accounts
          WHERE uid > $1::integer AND state IN ('active', 'locked')
          ORDER BY uid LIMIT $2::integer
          """, [String(after), String(Self.pageSize)])
      }
      for row in rows {
        guard let login = row[0], let uid = row[1].flatMap({ Int($0) }), let hash = row[2]
        else { continue }
        found.append(
          UnixAccount(login: login, uid: uid, passwordHash: hash, locked: row[3] != "active"))
      }
      if rows.count < Self.pageSize { return found }
    }
  }

  /// The keys of every active account, by login, oldest first.
  public func keys() throws(AccountStoreError) -> [UnixKey] {
    var found: [UnixKey] = []
    var after = ""
    while true {
      let rows = try table.run { db, _ throws(PostgresError) in
        try db.query(
          """
          SELECT k.fingerprint, a.login, k.type, k.base64, k.comment
          FROM account_keys k JOIN accounts a ON a.id = k.account_id
          WHERE a.state = 'active' AND k.fingerprint > $1
          ORDER BY k.fingerprint LIMIT $2::integer
          """, [after, String(Self.pageSize)])
      }
      for row in rows {
        guard let fingerprint = row[0], let login = row[1], let type = row[2],
          let base64 = row[3]
        else { continue }
        after = fingerprint
        found.append(UnixKey(login: login, type: type, base64: base64, comment: row[4] ?? ""))
      }
      if rows.count < Self.pageSize { return found }
    }
  }

  /// Which server session the connection is (its backend's process id): the same before
  /// and after a pass only when no reconnection, which forgets LISTEN, came between.
  public func session() throws(AccountStoreError) -> String {
    try table.run { db, _ throws(PostgresError) in
      guard let row = try db.query("SELECT pg_backend_pid()::text").first, let pid = row[0]
      else { return "" }
      return pid
    }
  }

  /// Starts listening for changes to accounts and keys (again, after a lost connection).
  public func listen() throws(AccountStoreError) {
    try table.run { db, _ throws(PostgresError) in try db.execute("LISTEN register_sync") }
  }

  /// Waits up to `timeout` for a change to accounts or keys, once `listen()` was called;
  /// true when one came. A connection made again meanwhile listens again and says true:
  /// what changed while it was away was not told. Throws `.unreachable` when the server
  /// stays away.
  public func waitForChange(timeout: Duration) throws(AccountStoreError) -> Bool {
    try table.run { db, attempt throws(PostgresError) in
      // Again each time (a no-op while listening): a statement of a pass may have made the
      // connection again, which forgets it.
      try db.execute("LISTEN register_sync")
      if attempt > 0 { return true }
      return try db.waitForNotification(timeout: timeout)
    }
  }

  /// PostgreSQL's text for an array of `texts`, each quoted.
  static func array(_ texts: [String]) -> String {
    var array = "{"
    for (index, text) in texts.enumerated() {
      if index > 0 { array += "," }
      array += "\""
      for character in text {
        if character == "\\" || character == "\"" { array += "\\" }
        array.append(character)
      }
      array += "\""
    }
    return array + "}"
  }
}
