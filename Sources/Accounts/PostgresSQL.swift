/// Every statement the PostgreSQL store sends, in one place. Values are parameters ($1,
/// $2, …, sent as text apart from the SQL), never spliced in. Kept to what CockroachDB and
/// YugabyteDB also speak where that costs nothing.
enum PostgresSQL {
  // MARK: Schema versions

  /// The layout, as a list of migrations: `register_schema.version` holds how many have
  /// run. Append only; never edit one that has shipped.
  static let migrations: [String] = [
    // 1: accounts. `login` is kept as typed; `login_key` is what is unique (a plain UNIQUE
    // column: no expression index), and what `ON CONFLICT` names.
    """
    CREATE TABLE accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      login text NOT NULL,
      login_key text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT accounts_login_key UNIQUE (login_key)
    )
    """
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

  /// The login as registered and its hash, by key.
  static let findAccount = "SELECT login, password_hash FROM accounts WHERE login_key = $1"

  /// Creates an account in one statement that cannot half-happen: a row back is the new
  /// account; no row means the key is taken (a race lost included). Never a unique
  /// violation, so nothing to retry.
  static let createAccount = """
    INSERT INTO accounts (login, login_key, password_hash, created_at)
    VALUES ($1, $2, $3, $4::timestamptz)
    ON CONFLICT (login_key) DO NOTHING
    RETURNING id
    """
}
