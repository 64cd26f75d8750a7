import Registration
import Synchronization

/// The accounts' tables in a PostgreSQL database shared by many hosts: every statement the
/// PostgreSQL store sends, each beside its parameters ($1, $2, …, sent as text apart from
/// the SQL, never spliced in; "" stands for NULL where NULLIF says so). Kept to what
/// CockroachDB and YugabyteDB also speak where that costs nothing. One connection, made
/// again when it breaks; safe to share between threads.
final class PostgresAccountTable: AccountTable {
  /// Where the accounts are, with no password in it.
  let uri: PostgresURI
  /// Nil once closed.
  private let connection: Mutex<Held?>
  private let retry: RetryPolicy

  /// Connects to the database at `uri` and brings its schema up to date (PostgresSchema).
  init(uri: PostgresURI, connectTimeout: Int, retry: RetryPolicy) throws(AccountStoreError) {
    self.uri = uri
    self.retry = retry
    do throws(PostgresError) {
      // In a failover's pause no host takes writes yet: connecting waits for one, as
      // every later call does.
      let opened = try retry.run { _ throws(PostgresError) in
        try PostgresConnection(uri: uri, defaultConnectTimeout: connectTimeout)
      }
      // A migration over many rows may take its time; a frozen server is then waited for.
      opened.answerTimeout = nil
      try retry.run { _ throws(PostgresError) in
        if !opened.isOpen { try opened.reconnect() }
        try PostgresSchema.migrate(opened)
      }
      opened.answerTimeout = retry.answerTimeout
      connection = Mutex(Held(opened))
    } catch {
      // Away, as later calls say it: no server answers, or the one there went away. A
      // caller may then do without the store (`register keys` answers from the synced
      // copy), never when a server answered and refused (a wrong role or database).
      let away =
        error.kind == .connectionLost
        || (error.kind == .unreachable
          && !PostgresConnection.serverAnswers(uri: uri, defaultConnectTimeout: connectTimeout))
      throw away ? .unreachable(error.message) : .unavailable(error.message)
    }
  }

  var description: String { uri.redacted }

  /// The schema was made when connecting.
  func create() throws(AccountStoreError) {}

  func close() {
    connection.withLock { $0 = nil }
  }

  // MARK: Accounts

  func availability(key: String, skeleton: String, now: String) throws(AccountStoreError)
    -> LoginAvailability
  {
    let found = try run { db, _ throws(PostgresError) in
      try Self.availability(db, key, skeleton, now)
    }
    if found.taken { return .taken }
    return found.lookalike ? .lookalike : .free
  }

  func find(key: String) throws(AccountStoreError) -> [StoredAccount] {
    try run { db, _ throws(PostgresError) in try Self.find(db, key) }
  }

  func insert(_ new: NewAccount) throws(AccountStoreError) -> InsertOutcome {
    let origin = new.origin
    let limited = origin?.limit != nil || new.rate != nil
    return try run { db, attempt throws(PostgresError) -> InsertOutcome in
      // A try after a lost connection: the first may have committed before its answer was
      // lost (the connection died after the statement was sent, or its answer did not come
      // in time). It is looked up before anything is tried again, so the account is never
      // made twice, nor said to be taken by itself. The hash has a fresh salt, so a row
      // holding it can only be this account.
      if attempt > 0, try Self.find(db, new.key).first?.hash == new.hash { return .inserted }
      // With keys or answers, one transaction too: the account and what it brings, or
      // nothing; a key any account has already is `.keyTaken`.
      let keys = new.details.keys.eachFingerprintOnce
      let answers = new.details.answers
      if try Self.anyTaken(keys, db) { return .keyTaken }
      let together = limited || !keys.isEmpty || !answers.isEmpty
      let inserted = try Self.transaction(db, if: together, readCommitted: true) {
        () throws(PostgresError) -> Bool in
        // Held until the end of the transaction: sign-ups from one address (or, with a
        // limit per hour, all of them) are counted and inserted one after the other,
        // across hosts. "regs" in ASCII: as one key, the store's (PostgresSchema's is
        // another); as the first of two, an address's (a space of its own).
        if new.rate != nil {
          _ = try db.query("SELECT pg_advisory_xact_lock(1919248243)")
        } else if let origin, origin.limit != nil {
          _ = try db.query(
            "SELECT pg_advisory_xact_lock(1919248243, hashtext($1))", [origin.network])
        }
        // Refused (no row) while $7 has $8 or more accounts created after $9, or the store
        // $10 or more after $11 ("" for no limit); no row either when the identity or the
        // skeleton is taken (a race lost included: `ON CONFLICT` with no target covers both
        // constraints), never a unique violation. After the lock, under READ COMMITTED
        // (asked for: a database's default of REPEATABLE READ would take the snapshot at
        // the lock, before it is granted), it sees every sign-up that held the lock before
        // (where READ COMMITTED is SERIALIZABLE, as on CockroachDB, a race is a 40001,
        // tried again).
        let made = try db.query(
          """
          INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at,
            client_address, client_network, state)
          SELECT $1, $2, $3, $4, $5::timestamptz, NULLIF($6, ''), NULLIF($7, ''), $12
          WHERE NOT EXISTS (SELECT 1 FROM held_names
                WHERE (login_key = $2 OR login_skeleton = $3) AND held_until > $13::timestamptz)
            AND (NULLIF($8, '')::integer IS NULL
              OR (SELECT count(*) FROM accounts
                  WHERE client_network = $7 AND created_at > NULLIF($9, '')::timestamptz)
                < NULLIF($8, '')::integer)
            AND (NULLIF($10, '')::integer IS NULL
              OR (SELECT count(*) FROM accounts WHERE created_at > NULLIF($11, '')::timestamptz)
                < NULLIF($10, '')::integer)
          ON CONFLICT DO NOTHING
          RETURNING id
          """,
          [
            new.login, new.key, new.skeleton, new.hash, new.createdAt, origin?.address ?? "",
            origin?.network ?? "", origin?.limit.map { String($0.count) } ?? "",
            origin?.limit?.since ?? "", new.rate.map { String($0.count) } ?? "",
            new.rate?.since ?? "", new.state.rawValue, new.now,
          ]
        )
        guard let id = made.first?[0] else { return false }
        try Self.insert(keys, accountID: id, addedAt: new.createdAt, db)
        try Self.insertAnswers(answers, of: id, db)
        return true
      }
      if inserted { return .inserted }
      // The first try may still have been running on the server when it was looked up
      // (an answer late, not lost): this insert then waited for it and found its row.
      if attempt > 0, try Self.find(db, new.key).first?.hash == new.hash { return .inserted }
      // Nothing inserted: the login is taken or looks like one (said first, as without a
      // limit), or else a limit is met.
      let found = try Self.availability(db, new.key, new.skeleton, new.now)
      if found.taken || found.lookalike || !limited { return .loginTaken }
      guard let origin, let limit = origin.limit else { return .signUpRateReached }
      let made = try Self.count(db, network: origin.network, since: limit.since)
      return made >= limit.count ? .addressLimitReached : .signUpRateReached
    }
  }

  func replaceHash(with hash: String, key: String, login: String, over current: String)
    throws(AccountStoreError) -> Bool
  {
    // A row back means it was still $4. Run again after a lost connection, it stores the
    // same, or finds $1 there.
    try run { db, _ throws(PostgresError) in
      try !db.query(
        """
        UPDATE accounts SET password_hash = $1
        WHERE login_key = $2 AND login = $3 AND password_hash IN ($4, $1) RETURNING 1
        """, [hash, key, login, current]
      ).isEmpty
    }
  }

  func count(fromNetwork network: String, since: String) throws(AccountStoreError) -> Int {
    try run { db, _ throws(PostgresError) in try Self.count(db, network: network, since: since) }
  }

  func delete(key: String, login: String) throws(AccountStoreError) -> Bool {
    // A deterministic collation compares the bytes: exactly this login.
    try run { db, _ throws(PostgresError) in
      try !db.query(
        "DELETE FROM accounts WHERE login_key = $1 AND login = $2 RETURNING id", [key, login]
      ).isEmpty
    }
  }

  // MARK: The sign-in throttle

  func claim(_ key: String, now: Int) throws(AccountStoreError) -> Int? {
    let locks = "{" + ThrottlePolicy.locks.map(String.init).joined(separator: ",") + "}"
    return try run { db, _ throws(PostgresError) -> Int? in
      // Records whose lock ended a day ago are forgotten first, so that the claim finds
      // only records that count.
      _ = try db.query(
        "DELETE FROM sign_in_failures WHERE locked_until < $1::bigint",
        [String(ThrottlePolicy.forgottenBefore(now))])
      // A lock read after the claim found it may have been cleared meanwhile by a right
      // password on another host: then the claim is made again.
      for _ in 0..<4 {
        // One statement, so that hosts claiming at once are counted one after the other.
        // The new lock is looked up in $3, `ThrottlePolicy.locks` (the last holds for
        // more). A row back: counted. None: locked, nothing counted.
        let claimed = try db.query(
          """
          INSERT INTO sign_in_failures AS failure (key_digest, failures, locked_until)
          VALUES ($1, 1, $2::bigint + ($3::integer[])[1])
          ON CONFLICT (key_digest) DO UPDATE SET
            failures = failure.failures + 1,
            locked_until = $2::bigint
              + ($3::integer[])[least(failure.failures + 1, cardinality($3::integer[]))]
          WHERE failure.locked_until <= $2::bigint
          RETURNING failures
          """, [key, String(now), locks])
        if let failures = claimed.first {
          if failures.first == "1" { try Self.keepToCap(db, claimed: key) }
          return nil
        }
        let until =
          try db.query(
            "SELECT locked_until FROM sign_in_failures WHERE key_digest = $1", [key]
          ).first?[0] ?? nil
        if let until = until.flatMap({ Int($0) }), until > now { return until - now }
      }
      throw PostgresError(
        kind: .server, sqlState: nil, message: "the sign-in throttle kept changing; try again")
    }
  }

  func clearFailures(_ key: String) throws(AccountStoreError) {
    try run { db, _ throws(PostgresError) in
      _ = try db.query("DELETE FROM sign_in_failures WHERE key_digest = $1", [key])
    }
  }

  // MARK: Statements used twice

  /// Whether an account (or a name held after `now`, or a local user or group of a host
  /// that syncs) has the identity key, and whether one has the skeleton, from index
  /// lookups in one round trip.
  private static func availability(
    _ db: PostgresConnection, _ key: String, _ skeleton: String, _ now: String
  ) throws(PostgresError) -> (taken: Bool, lookalike: Bool) {
    let row = try db.query(
      """
      SELECT EXISTS (SELECT 1 FROM accounts WHERE login_key = $1)
          OR EXISTS (SELECT 1 FROM held_names
                     WHERE login_key = $1 AND held_until > $3::timestamptz)
          OR EXISTS (SELECT 1 FROM local_names WHERE lower(name) = $1),
        EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = $2)
          OR EXISTS (SELECT 1 FROM held_names
                     WHERE login_skeleton = $2 AND held_until > $3::timestamptz)
      """, [key, skeleton, now]
    ).first
    return (row?[0] == "t", row?[1] == "t")
  }

  /// The account with the identity key (unique here), as registered.
  private static func find(_ db: PostgresConnection, _ key: String) throws(PostgresError)
    -> [StoredAccount]
  {
    try db.query(
      "SELECT login, password_hash, state, lock_reason FROM accounts WHERE login_key = $1", [key]
    )
    .compactMap { row in
      guard let login = row[0], let hash = row[1] else { return nil }
      return StoredAccount(
        login: login, hash: hash, state: row[2].flatMap(AccountState.init) ?? .locked,
        lockReason: row[3])
    }
  }

  private static func count(_ db: PostgresConnection, network: String, since: String)
    throws(PostgresError) -> Int
  {
    let count =
      try db.query(
        "SELECT count(*) FROM accounts WHERE client_network = $1 AND created_at > $2::timestamptz",
        [network, since]
      ).first?[0] ?? nil
    return count.flatMap { Int($0) } ?? 0
  }

  /// Drops the records that end soonest (those not locked now first) while there are more
  /// than `ThrottlePolicy.mostRecords`, never the one just `claimed`: a first failure ends
  /// soonest of all, and dropping it would let that login be guessed without a lock.
  private static func keepToCap(_ db: PostgresConnection, claimed: String) throws(PostgresError) {
    _ = try db.query(
      """
      DELETE FROM sign_in_failures WHERE key_digest IN (
        SELECT key_digest FROM sign_in_failures WHERE key_digest <> $2 ORDER BY locked_until
        LIMIT greatest(0, (SELECT count(*) FROM sign_in_failures) - $1::integer))
      """, [String(ThrottlePolicy.mostRecords), claimed])
  }

  // MARK: The connection

  /// `body` in a transaction when `inside` (at READ COMMITTED if `readCommitted`, else at
  /// the database's default), rolled back if it fails; otherwise as it is.
  static func transaction<T>(
    _ db: PostgresConnection, if inside: Bool, readCommitted: Bool = false,
    _ body: () throws(PostgresError) -> T
  ) throws(PostgresError) -> T {
    guard inside else { return try body() }
    do throws(PostgresError) {
      try db.execute(readCommitted ? "BEGIN ISOLATION LEVEL READ COMMITTED" : "BEGIN")
      let result = try body()
      try db.execute("COMMIT")
      return result
    } catch {
      if db.isOpen { try? db.execute("ROLLBACK") }
      throw error
    }
  }

  /// The connection. Unchecked: only ever touched inside the table's mutex.
  private final class Held: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
  }

  /// Runs `body` on the connection, alone, connecting again first if it broke, and tries
  /// again as the retry policy says; PostgreSQL's complaint becomes the store's.
  @discardableResult
  func run<T: Sendable>(
    _ body: (PostgresConnection, _ attempt: Int) throws(PostgresError) -> T
  ) throws(AccountStoreError) -> T {
    do throws(PostgresError) {
      return try connection.withLock { held throws(PostgresError) in
        guard let held else {
          throw PostgresError(
            kind: .server, sqlState: nil, message: "the account database is closed")
        }
        return try retry.run { attempt throws(PostgresError) in
          if !held.connection.isOpen { try held.connection.reconnect() }
          return try body(held.connection, attempt)
        }
      }
    } catch {
      // A server that is down or cut off may be back for the next try; the form says so.
      switch error.kind {
      case .unreachable, .connectionLost: throw .unreachable(error.message)
      case .server, .noLibrary: throw .unavailable(error.message)
      }
    }
  }
}
