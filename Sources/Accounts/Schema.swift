import CSQLite
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// The database layout, as a list of migrations. `PRAGMA user_version` holds how many
/// have run; opening a database runs the rest, each in the transaction that records it.
/// `PRAGMA application_id` marks the file as this program's.
enum Schema {
  /// "rgst": says a SQLite file is a register database (`file` shows it too).
  static let applicationID = 0x7267_7374

  static let migrations: [Migration] = [
    // 1: accounts. `login` is kept as typed; `login_key` (the login in lower case) is
    // what is unique, so ALICE and alice cannot both exist.
    Migration(stringLiteral: Version1.accounts + ";\n" + Version1.index + ";"),
    // 2: failed sign-ins per login key, for the throttle (ThrottlePolicy). No rowid:
    // the key is the row.
    """
    CREATE TABLE sign_in_failures (
      login_key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      locked_until INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX sign_in_failures_locked_until ON sign_in_failures (locked_until);
    """,
    // 3: Unicode identity (NFKC case fold) in `login_key`, lookalikes by skeleton.
    .loginIdentity,
    // 4: the client's address (SSH), counted per 24 hours for --max-per-address.
    """
    ALTER TABLE accounts ADD COLUMN client_address TEXT;
    CREATE INDEX accounts_client_address ON accounts (client_address, created_at)
      WHERE client_address IS NOT NULL;
    """,
    // 5: throttle records keyed by a digest of the login key, client networks (an IPv6
    // address's /64) for the per-address limit, the creation time indexed for the limit
    // per hour.
    .digestsAndNetworks,
    // 6: accounts' lives. A state (existing accounts are active) and an admin's reason;
    // the audit log; names held after a deletion; bans; the door (one row); reset codes,
    // one per account, hashed.
    """
    ALTER TABLE accounts ADD COLUMN state TEXT NOT NULL DEFAULT 'active';
    ALTER TABLE accounts ADD COLUMN lock_reason TEXT;
    CREATE INDEX accounts_state ON accounts (state, id);
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      action TEXT NOT NULL,
      login TEXT,
      client_address TEXT,
      by_user TEXT,
      detail TEXT
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    CREATE INDEX audit_log_login ON audit_log (login, id) WHERE login IS NOT NULL;
    CREATE TABLE held_names (
      login_key TEXT NOT NULL,
      login_skeleton TEXT NOT NULL,
      held_until TEXT NOT NULL
    );
    CREATE INDEX held_names_key ON held_names (login_key);
    CREATE INDEX held_names_skeleton ON held_names (login_skeleton);
    CREATE TABLE bans (
      kind TEXT NOT NULL,
      pattern TEXT NOT NULL,
      created_at TEXT NOT NULL,
      by_user TEXT,
      PRIMARY KEY (kind, pattern)
    ) WITHOUT ROWID;
    CREATE TABLE door (
      one_row INTEGER PRIMARY KEY CHECK (one_row = 1),
      closed INTEGER NOT NULL,
      message TEXT
    );
    CREATE TABLE reset_codes (
      login_key TEXT PRIMARY KEY,
      login TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    """,
    // 7: what a sign-up brings. The answers to the site's questions (a checkbox as 0 or
    // 1 in `checked`, anything else in `text`), and SSH keys: a fingerprint is one
    // account's. Both go with their account. Logins indexed as typed, for `register keys`,
    // which sshd calls with the Unix user name.
    """
    CREATE TABLE answers (
      account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      position INTEGER NOT NULL,
      text TEXT,
      checked INTEGER,
      PRIMARY KEY (account_id, name)
    ) WITHOUT ROWID;
    CREATE TABLE account_keys (
      fingerprint TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      base64 TEXT NOT NULL,
      comment TEXT NOT NULL,
      added_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX account_keys_account ON account_keys (account_id);
    CREATE INDEX accounts_login ON accounts (login);
    """,
  ]

  static var version: Int { migrations.count }

  /// Version 1 exactly as register 0.1.0 wrote it, before files were marked: its
  /// databases are recognised by these statements (as SQLite keeps them). Never change.
  enum Version1 {
    static let accounts = """
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        login TEXT NOT NULL,
        login_key TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
      )
      """
    static let index = "CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key)"
    static let objects = ["index accounts_login_key \(index)", "table accounts \(accounts)"]
  }

  /// Refuses a database that is not this program's, or is newer, reading it without
  /// writing anything: neither the file nor a `-wal` or `-shm` next to it is created or
  /// changed (only the `-shm` index of a `-wal` that is there already may be).
  static func inspect(_ path: String) throws(AccountStoreError) {
    let (application, current, objects) = try read(path)
    if application == applicationID {
      guard current <= version else {
        throw .refused(.newerSchema(found: current, known: version))
      }
      return
    }
    let isEmpty = application == 0 && current == 0 && objects.isEmpty
    let isVersion1 = application == 0 && current == 1 && objects.sorted() == Version1.objects
    guard isEmpty || isVersion1 else { throw .refused(.foreignDatabase) }
  }

  /// Whether the database at `path` is this program's at the current version, read without
  /// writing anything (an older one would be migrated by opening it). Refuses what
  /// `inspect` refuses.
  static func isCurrent(_ path: String) throws(AccountStoreError) -> Bool {
    try inspect(path)
    let (application, current, _) = try read(path)
    return application == applicationID && current == version
  }

  /// The mark, the version and every object (`type name sql`) of the database at `path`.
  /// A file with no `-wal` in use is read as immutable, without locks, so that nothing is
  /// written beside another program's file; another process's checkpoint may then rewrite
  /// pages under the read (40 first sign-ups at once saw "database disk image is
  /// malformed"), so a read that finds the file damaged is made again, twice at most.
  private static func read(_ path: String) throws(AccountStoreError) -> (Int, Int, [String]) {
    var tries = 1
    while true {
      do throws(DatabaseError) {
        return try readOnce(path)
      } catch  where error.code & 0xFF == SQLITE_NOTADB || error.code & 0xFF == SQLITE_CORRUPT {
        if tries < 3 {
          tries += 1
          usleep(20_000)
          continue
        }
        if error.code & 0xFF == SQLITE_NOTADB { throw .refused(.notADatabase) }
        throw AccountStoreError(error)
      } catch {
        throw AccountStoreError(error)
      }
    }
  }

  private static func readOnce(_ path: String) throws(DatabaseError) -> (Int, Int, [String]) {
    let database = try Database(
      path: path, access: DatabaseFile.hasLog(path) ? .readOnly : .inspect)
    let application = try database.integer("PRAGMA application_id")
    let current = try database.integer("PRAGMA user_version")
    let statement = try database.prepare("SELECT type, name, sql FROM sqlite_schema")
    var objects: [String] = []
    while try statement.step() {
      objects.append("\(statement.text(0)) \(statement.text(1)) \(statement.text(2))")
    }
    return (application, current, objects)
  }

  /// Brings `database` (inspected, or new and empty) to the current version and marks it
  /// as ours; `identity` computes the keys of logins already stored.
  static func migrate(_ database: Database, identity: any LoginIdentity) throws(AccountStoreError) {
    // Usually there is nothing to do: a read says so without taking the write lock.
    if (try? database.integer("PRAGMA user_version")) == version,
      (try? database.integer("PRAGMA application_id")) == applicationID
    {
      return
    }
    do {
      // IMMEDIATE: two processes opening a new file at once must not both migrate it.
      try database.execute("BEGIN IMMEDIATE")
      let application = try database.integer("PRAGMA application_id")
      let current = try database.integer("PRAGMA user_version")
      guard application == applicationID || application == 0 else {
        throw AccountStoreError.refused(.foreignDatabase)
      }
      guard current <= version else {
        throw AccountStoreError.refused(.newerSchema(found: current, known: version))
      }
      for migration in migrations[current...] { try migration.run(database, identity) }
      try database.execute("PRAGMA application_id = \(applicationID)")
      try database.execute("PRAGMA user_version = \(version)")
      try database.execute("COMMIT")
    } catch let error as DatabaseError {
      try? database.execute("ROLLBACK")
      throw AccountStoreError(error)
    } catch let error as AccountStoreError {
      try? database.execute("ROLLBACK")
      throw error
    } catch {
      try? database.execute("ROLLBACK")
      throw .unavailable("\(error)")
    }
  }
}

/// One step of the schema: SQL, or work SQL cannot do alone.
struct Migration: ExpressibleByStringLiteral, Sendable {
  let run: @Sendable (Database, any LoginIdentity) throws(DatabaseError) -> Void

  init(_ run: @escaping @Sendable (Database, any LoginIdentity) throws(DatabaseError) -> Void) {
    self.run = run
  }

  init(stringLiteral sql: String) {
    run = { database, _ throws(DatabaseError) in try database.execute(sql) }
  }
}
