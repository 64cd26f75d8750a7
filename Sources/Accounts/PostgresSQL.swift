/// Every statement the PostgreSQL store sends, in one place. Values are parameters ($1,
/// $2, …, sent as text apart from the SQL), never spliced in. Kept to what CockroachDB and
/// YugabyteDB also speak where that costs nothing.
enum PostgresSQL {
  // MARK: Schema versions

  /// The layout, as a list of migrations: `register_schema.version` holds how many have
  /// run. Append only; never edit one that has shipped.
  static let migrations: [String] = [
    // 1: accounts and failed sign-ins. `login` is kept as typed (after NFC); `login_key`
    // (the identity: NFKC case fold) and `login_skeleton` (what it looks like) are each
    // unique, as plain UNIQUE columns (no expression index). Both are needed: logins of
    // one identity may look different (`Ian` has the skeleton `lan`, `ian` has `ian`).
    // `sign_in_failures` is the throttle's (ThrottlePolicy), one row per login key, times
    // in seconds since 1970 from the store's clock.
    """
    CREATE TABLE accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      login text NOT NULL,
      login_key text NOT NULL,
      login_skeleton text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT accounts_login_key UNIQUE (login_key),
      CONSTRAINT accounts_login_skeleton UNIQUE (login_skeleton)
    );
    CREATE TABLE sign_in_failures (
      login_key text PRIMARY KEY,
      failures integer NOT NULL,
      locked_until bigint NOT NULL
    );
    CREATE INDEX sign_in_failures_locked_until ON sign_in_failures (locked_until)
    """,
    // 2: the client's address (sign-up over SSH), counted per 24 hours for
    // --max-per-address; NULL for accounts made elsewhere.
    """
    ALTER TABLE accounts ADD COLUMN client_address text;
    CREATE INDEX accounts_client_address ON accounts (client_address, created_at)
      WHERE client_address IS NOT NULL
    """,
  ]

  /// How many migrations have run. Fails with 42P01 on a database never migrated.
  static let schemaVersion = "SELECT version FROM register_schema"

  /// Held until the end of the migrating transaction, so that many hosts starting at once
  /// migrate one after the other: the later ones find the work done. The key is "register"
  /// in ASCII.
  static let migrationLock = "SELECT pg_advisory_xact_lock(8243108395577795954)"

  /// The table of the schema version, with its one row.
  static let createSchemaTable = """
    CREATE TABLE IF NOT EXISTS register_schema (
      one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
      version integer NOT NULL
    );
    INSERT INTO register_schema (version) VALUES (0) ON CONFLICT DO NOTHING
    """

  static let setSchemaVersion = "UPDATE register_schema SET version = $1::integer"

  // MARK: Accounts

  /// Whether an account has the identity key $1, and whether one has the skeleton $2:
  /// `t` or `f` each, from two index lookups in one round trip.
  static let availability = """
    SELECT EXISTS (SELECT 1 FROM accounts WHERE login_key = $1),
      EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = $2)
    """

  /// The login as registered and its hash, by identity key.
  static let findAccount = "SELECT login, password_hash FROM accounts WHERE login_key = $1"

  /// Creates an account in one statement that cannot half-happen: a row back is the new
  /// account; no row means the identity or the skeleton is taken (a race lost included:
  /// `ON CONFLICT` with no target covers both constraints). Never a unique violation, so
  /// nothing to retry.
  static let createAccount = """
    INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
    VALUES ($1, $2, $3, $4, $5::timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id
    """

  // MARK: Sign-up over SSH

  /// Held until the end of the inserting transaction: sign-ups from one address $1 (a
  /// limit to keep) are counted and inserted one after the other, across hosts. Two keys,
  /// so apart from `migrationLock`'s space; the first is "regs" in ASCII.
  static let addressLock = "SELECT pg_advisory_xact_lock(1919248243, hashtext($1))"

  /// `createAccount` with the client's address $6, refused (no row) while $6 has $7 or
  /// more accounts created after $8; $7 empty: no limit. Run after `addressLock` in the same
  /// transaction: under READ COMMITTED this statement sees every sign-up from $6 that held
  /// the lock before. (Under SERIALIZABLE a race is a 40001, tried again.)
  static let createAccountFrom = """
    INSERT INTO accounts
      (login, login_key, login_skeleton, password_hash, created_at, client_address)
    SELECT $1, $2, $3, $4, $5::timestamptz, $6
    WHERE NULLIF($7, '')::integer IS NULL
      OR (SELECT count(*) FROM accounts
          WHERE client_address = $6 AND created_at > $8::timestamptz)
        < NULLIF($7, '')::integer
    ON CONFLICT DO NOTHING
    RETURNING id
    """

  /// How many accounts were created from address $1 after $2.
  static let accountsCreatedFrom = """
    SELECT count(*) FROM accounts WHERE client_address = $1 AND created_at > $2::timestamptz
    """

  /// Removes the account with identity key $1 stored with exactly the login $2 (a
  /// deterministic collation compares the bytes).
  static let deleteAccount = "DELETE FROM accounts WHERE login_key = $1 AND login = $2 RETURNING id"

  // MARK: The sign-in throttle

  /// Forgets the records whose lock ended before $1 (seconds since 1970): run before a
  /// claim, so that the claim finds only records that count.
  static let forgetFailures = "DELETE FROM sign_in_failures WHERE locked_until < $1::bigint"

  /// Counts an attempt on login key $1 at $2, unless the key is locked: one statement, so
  /// that hosts claiming at once are counted one after the other. The new lock is looked
  /// up in $3, `ThrottlePolicy.locks` (the lock after 1, 2, … failures; the last holds
  /// for more). A row back: counted. None: locked, nothing counted (`lockedUntil` says
  /// how long).
  static let claimAttempt = """
    INSERT INTO sign_in_failures AS failure (login_key, failures, locked_until)
    VALUES ($1, 1, $2::bigint + ($3::integer[])[1])
    ON CONFLICT (login_key) DO UPDATE SET
      failures = failure.failures + 1,
      locked_until = $2::bigint
        + ($3::integer[])[least(failure.failures + 1, cardinality($3::integer[]))]
    WHERE failure.locked_until <= $2::bigint
    RETURNING failures
    """

  /// Until when login key $1 is locked.
  static let lockedUntil = "SELECT locked_until FROM sign_in_failures WHERE login_key = $1"

  /// The password was right: the key's failures are forgotten.
  static let clearFailures = "DELETE FROM sign_in_failures WHERE login_key = $1"
}
