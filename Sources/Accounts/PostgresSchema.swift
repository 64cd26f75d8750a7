/// Brings a PostgreSQL database to the current schema: the migrations not yet run, all in
/// one transaction, under an advisory lock, so that of many hosts starting at once exactly
/// one migrates. A database from a newer version of the program is refused.
enum PostgresSchema {
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
    // 3: throttle records keyed by the hexadecimal SHA-256 of the login key (the same
    // digest as `SHA256.hex`), so that a record's size no longer grows with the login; at
    // most 100000 of them (ThrottlePolicy.mostRecords), those ending soonest dropped. The
    // network the per-address limit counts (an IPv6 address's /64), filled in for accounts
    // from before by `normaliseAddresses` in the same transaction (SQL alone would fail on
    // text that is no address). The creation time indexed for the limit per hour. The
    // primary key is dropped while the keys become digests: PostgreSQL checks it row by
    // row, and a key that is literally another's digest (two failed sign-ins can plant
    // that) would fail the migration for ever; distinct keys have distinct digests.
    """
    ALTER TABLE sign_in_failures RENAME COLUMN login_key TO key_digest;
    ALTER TABLE sign_in_failures DROP CONSTRAINT sign_in_failures_pkey;
    UPDATE sign_in_failures SET key_digest = encode(sha256(convert_to(key_digest, 'UTF8')), 'hex');
    ALTER TABLE sign_in_failures ADD PRIMARY KEY (key_digest);
    DELETE FROM sign_in_failures WHERE key_digest IN (
      SELECT key_digest FROM sign_in_failures ORDER BY locked_until
      LIMIT greatest(0, (SELECT count(*) FROM sign_in_failures) - 100000));
    ALTER TABLE accounts ADD COLUMN client_network text;
    CREATE INDEX accounts_client_network ON accounts (client_network, created_at)
      WHERE client_network IS NOT NULL;
    CREATE INDEX accounts_created_at ON accounts (created_at)
    """,
    // 4: accounts' lives. A state (existing accounts are active) and an admin's reason;
    // the audit log; names held after a deletion; bans; the door (one row); reset codes,
    // one per account, hashed.
    """
    ALTER TABLE accounts ADD COLUMN state text NOT NULL DEFAULT 'active'
      CHECK (state IN ('pending', 'active', 'locked'));
    ALTER TABLE accounts ADD COLUMN lock_reason text;
    CREATE INDEX accounts_state ON accounts (state, id);
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      action text NOT NULL,
      login text,
      client_address text,
      by_user text,
      detail text
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    CREATE INDEX audit_log_login ON audit_log (login, id) WHERE login IS NOT NULL;
    CREATE TABLE held_names (
      login_key text NOT NULL,
      login_skeleton text NOT NULL,
      held_until timestamptz NOT NULL
    );
    CREATE INDEX held_names_key ON held_names (login_key);
    CREATE INDEX held_names_skeleton ON held_names (login_skeleton);
    CREATE TABLE bans (
      kind text NOT NULL,
      pattern text NOT NULL,
      created_at timestamptz NOT NULL,
      by_user text,
      PRIMARY KEY (kind, pattern)
    );
    CREATE TABLE door (
      one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
      closed boolean NOT NULL,
      message text
    );
    CREATE TABLE reset_codes (
      login_key text PRIMARY KEY,
      login text NOT NULL,
      code_hash text NOT NULL,
      expires_at bigint NOT NULL
    )
    """,
    // 5: what a sign-up brings. The answers to the site's questions (a checkbox in
    // `checked`, anything else in `text`), and SSH keys: a fingerprint is one account's.
    // Both go with their account. Logins indexed as typed, for `register keys`, which
    // sshd calls with the Unix user name.
    """
    CREATE TABLE answers (
      account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      name text NOT NULL,
      position integer NOT NULL,
      text text,
      checked boolean,
      PRIMARY KEY (account_id, name)
    );
    CREATE TABLE account_keys (
      fingerprint text PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      type text NOT NULL,
      base64 text NOT NULL,
      comment text NOT NULL,
      added_at timestamptz NOT NULL
    );
    CREATE INDEX account_keys_account ON account_keys (account_id);
    CREATE INDEX accounts_login ON accounts (login)
    """,
    // 6: every host of a site (`register sync`). A uid per active account (its group has
    // the same number), UNIQUE, given by the trigger of the statement that makes the
    // account active (the insert, or an admin's approval), from `unix_settings` (the
    // site's `uid-range`, as the last sync wrote it) and never one a host's local user
    // or group has (`local_names`, which each sync writes for its host); a login that is
    // a local name on any host is refused by the insert (the trigger skips the row, as a
    // taken login). `next_uid` only grows: a deleted account's uid is never given again
    // (its files on a host would go to the newcomer). Its row, locked by the trigger,
    // makes hosts signing up at once take turns; the UNIQUE constraint stands behind it.
    // The range full, a sign-up or an approval fails; an account from before (`SET state
    // = state` by the sync) is left without a uid. Every row changed in accounts or keys
    // notifies `register_sync` (one notification a transaction: PostgreSQL folds equal
    // ones), so `register sync --follow` wakes; per row, not per statement, so that the
    // sync's own statements that change nothing do not wake it again and again.
    """
    ALTER TABLE accounts ADD COLUMN uid integer;
    ALTER TABLE accounts ADD CONSTRAINT accounts_uid UNIQUE (uid);
    CREATE TABLE unix_settings (
      one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
      uid_low integer NOT NULL,
      uid_high integer NOT NULL,
      next_uid integer NOT NULL,
      CHECK (0 < uid_low AND uid_low <= uid_high)
    );
    INSERT INTO unix_settings (uid_low, uid_high, next_uid) VALUES (20000, 59999, 20000);
    CREATE TABLE local_names (
      host text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('user', 'group')),
      name text NOT NULL,
      id bigint NOT NULL,
      PRIMARY KEY (host, kind, name)
    );
    CREATE INDEX local_names_name ON local_names (lower(name));
    CREATE INDEX local_names_id ON local_names (id);
    CREATE FUNCTION register_unix_identity() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      high integer;
      candidate integer;
    BEGIN
      IF TG_OP = 'INSERT'
        AND EXISTS (SELECT 1 FROM local_names WHERE lower(name) = NEW.login_key) THEN
        RETURN NULL;
      END IF;
      IF NEW.state <> 'active' OR NEW.uid IS NOT NULL THEN
        RETURN NEW;
      END IF;
      SELECT greatest(next_uid, uid_low), uid_high INTO candidate, high
        FROM unix_settings FOR UPDATE;
      WHILE candidate <= high
        AND (EXISTS (SELECT 1 FROM local_names WHERE id = candidate)
          OR EXISTS (SELECT 1 FROM accounts WHERE uid = candidate)) LOOP
        candidate := candidate + 1;
      END LOOP;
      IF candidate > high THEN
        IF TG_OP = 'UPDATE' AND OLD.state = 'active' THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'no uid is left in uid-range';
      END IF;
      UPDATE unix_settings SET next_uid = candidate + 1;
      NEW.uid := candidate;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER accounts_unix_identity BEFORE INSERT OR UPDATE OF state ON accounts
      FOR EACH ROW EXECUTE FUNCTION register_unix_identity();
    CREATE FUNCTION register_notify_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('register_sync', '');
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER accounts_sync AFTER INSERT OR UPDATE OR DELETE ON accounts
      FOR EACH ROW EXECUTE FUNCTION register_notify_sync();
    CREATE TRIGGER account_keys_sync AFTER INSERT OR UPDATE OR DELETE ON account_keys
      FOR EACH ROW EXECUTE FUNCTION register_notify_sync()
    """,
    // 7: many accounts made active in one statement (a bulk load, an import) in minutes,
    // not in the square of their number: migration 6 updated `unix_settings` once per row,
    // and every update in one transaction leaves a version of that one row that the next
    // lock has to step over. The row is still locked per row (hosts take turns as before),
    // but the uids a statement gives are counted in a setting local to its transaction
    // (`register.next_uid`), and `next_uid` is written once, by the statement's end.
    """
    CREATE OR REPLACE FUNCTION register_unix_identity() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      high integer;
      candidate integer;
    BEGIN
      IF TG_OP = 'INSERT'
        AND EXISTS (SELECT 1 FROM local_names WHERE lower(name) = NEW.login_key) THEN
        RETURN NULL;
      END IF;
      IF NEW.state <> 'active' OR NEW.uid IS NOT NULL THEN
        RETURN NEW;
      END IF;
      SELECT greatest(next_uid, uid_low,
          coalesce(nullif(current_setting('register.next_uid', true), '')::integer, 0)),
        uid_high INTO candidate, high
        FROM unix_settings FOR UPDATE;
      WHILE candidate <= high
        AND (EXISTS (SELECT 1 FROM local_names WHERE id = candidate)
          OR EXISTS (SELECT 1 FROM accounts WHERE uid = candidate)) LOOP
        candidate := candidate + 1;
      END LOOP;
      IF candidate > high THEN
        IF TG_OP = 'UPDATE' AND OLD.state = 'active' THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'no uid is left in uid-range';
      END IF;
      PERFORM set_config('register.next_uid', (candidate + 1)::text, true);
      NEW.uid := candidate;
      RETURN NEW;
    END
    $$;
    CREATE FUNCTION register_unix_identity_done() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      given integer := nullif(current_setting('register.next_uid', true), '')::integer;
    BEGIN
      IF given IS NOT NULL THEN
        UPDATE unix_settings SET next_uid = given WHERE next_uid < given;
        PERFORM set_config('register.next_uid', '', true);
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER accounts_unix_identity_done AFTER INSERT OR UPDATE OF state ON accounts
      FOR EACH STATEMENT EXECUTE FUNCTION register_unix_identity_done()
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

  /// Migrates if needed. `migrations` is the list to apply (the tests give their own).
  static func migrate(
    _ connection: PostgresConnection, migrations: [String] = Self.migrations
  ) throws(PostgresError) {
    // Usually there is nothing to do: a read says so without the lock, and a role allowed
    // only to read and write accounts can still start.
    if let current = try? version(connection) {
      if current == migrations.count { return }
      if current > migrations.count { throw newer(current, than: migrations.count) }
    }
    do throws(PostgresError) {
      try connection.execute("BEGIN")
      _ = try connection.query(migrationLock)
      try connection.execute(createSchemaTable)
      let current = try version(connection) ?? 0
      guard current <= migrations.count else { throw newer(current, than: migrations.count) }
      for migration in migrations[current...] { try connection.execute(migration) }
      // Migration 3's part that SQL cannot do, in its transaction, by the migrating role.
      if current < 3 && migrations == Self.migrations { try normaliseAddresses(connection) }
      _ = try connection.query(setSchemaVersion, [String(migrations.count)])
      try connection.execute("COMMIT")
    } catch {
      if connection.isOpen { try? connection.execute("ROLLBACK") }
      throw error
    }
  }

  /// Normalises the client addresses of accounts from before schema 3 (`ClientAddress`) and
  /// fills in their networks, in batches.
  private static func normaliseAddresses(_ connection: PostgresConnection) throws(PostgresError) {
    while true {
      let rows = try connection.query(
        """
        SELECT id, client_address FROM accounts
        WHERE client_network IS NULL AND client_address IS NOT NULL ORDER BY id LIMIT 500
        """)
      if rows.isEmpty { return }
      for row in rows {
        guard let id = row[0], let address = row[1] else { continue }
        let parsed = ClientAddress(address)
        _ = try connection.query(
          "UPDATE accounts SET client_address = $2, client_network = $3 WHERE id = $1::bigint",
          [id, parsed?.text ?? address, parsed?.network ?? address])
      }
    }
  }

  /// How many migrations the database has had.
  static func version(_ connection: PostgresConnection) throws(PostgresError) -> Int? {
    try connection.query(schemaVersion).first?.first?.flatMap { Int($0) }
  }

  private static func newer(_ current: Int, than known: Int) -> PostgresError {
    PostgresError(
      kind: .server, sqlState: nil,
      message:
        "it was written by a newer version of register (schema \(current), this one knows \(known))"
    )
  }
}
