import Accounts
import Registration
import Testing

/// What `--db` means, and how a URI is shown.
@Suite("Store locations and URIs")
struct PostgresURITests {
  @Test(
    "a URI is shown without its passwords",
    arguments: [
      (
        "postgresql://alice:hunter2@db.example.com:5432/accounts?sslmode=verify-full",
        "postgresql://alice:***@db.example.com:5432/accounts?sslmode=verify-full"
      ),
      ("postgres://alice:p%40ss%2Fw@db/x", "postgres://alice:***@db/x"),
      ("postgresql://alice:p@ss@db/x", "postgresql://alice:***@db/x"),
      (
        "postgresql://db/x?user=alice&password=hunter2&sslmode=require",
        "postgresql://db/x?user=alice&password=***&sslmode=require"
      ),
      ("postgresql://db/x?pass%77ord=hunter2", "postgresql://db/x?pass%77ord=***"),
      ("postgresql://alice@db/x", "postgresql://alice@db/x"),
      ("postgresql:///x?host=/run/postgresql", "postgresql:///x?host=/run/postgresql"),
      ("postgresql://alice:pa/ss@db/x", "postgresql://alice:***@db/x"),
      (
        "postgresql://alice:a/b@c@db/x?sslmode=require",
        "postgresql://alice:***@db/x?sslmode=require"
      ),
      (
        "postgresql://db/x?sslkey=/k&sslpassword=hunter2&sslmode=require",
        "postgresql://db/x?sslkey=/k&sslpassword=***&sslmode=require"
      ),
      ("PostgreSQL://alice:hunter2@db/x", "PostgreSQL://alice:***@db/x"),
      ("POSTGRES://alice:hunter2@db/x", "POSTGRES://alice:***@db/x"),
      ("postgresql:/alice:hunter2@db/x", "postgresql:/alice:***@db/x"),
      // libpq reads a password up to the '@' (a '?' or '#' in it is the password's).
      ("postgresql://alice:pa?ss@db/x", "postgresql://alice:***@db/x"),
      (
        "postgresql://alice:pa?ss@db/x?sslmode=require",
        "postgresql://alice:***@db/x?sslmode=require"
      ),
      ("postgresql://alice:pa#ss@db/x", "postgresql://alice:***@db/x"),
      (
        "postgresql://alice:p?a/s@s@db/x?sslmode=require",
        "postgresql://alice:***@db/x?sslmode=require"
      ),
      ("postgresql://alice:p%3Fa%23s%40s@db/x", "postgresql://alice:***@db/x"),
    ])
  func redacted(uri: String, shown: String) throws {
    let location = StoreLocation(uri)
    #expect(location.description == shown)
    #expect(try #require(PostgresURI(uri)).description == shown)
  }

  @Test("a postgresql:// or postgres:// URI is a server; anything else is a file")
  func kinds() throws {
    #expect(StoreLocation("/tmp/accounts.sqlite") == .file(path: "/tmp/accounts.sqlite"))
    #expect(StoreLocation("postgresql.sqlite") == .file(path: "postgresql.sqlite"))
    #expect(StoreLocation("postgresql:relative") == .file(path: "postgresql:relative"))
    // Mistyped, still a server (libpq says what is wrong), never a file named by the URI.
    for uri in [
      "postgresql://db/x", "postgres://db/x", "PostgreSQL://db/x", "postgresql:/db/x",
      "Postgres:/db",
    ] {
      #expect(StoreLocation(uri) == .postgres(try #require(PostgresURI(uri))))
    }
  }

  @Test(
    "no password in a connection error: a raw / in it, sslpassword, a mistyped scheme",
    arguments: [
      "postgresql://alice:hun/ter2@/accounts?host=/nonexistent",
      "postgresql://alice:hunter2@/accounts?host=/nonexistent&sslpassword=hunter2",
      "PostgreSQL://alice:hunter2@/accounts?host=/nonexistent",
      "postgresql:/alice:hunter2@/accounts?host=/nonexistent",
      "postgresql://alice:hun?ter2@/accounts?host=/nonexistent",
      "postgresql://alice:hun#ter2@/accounts?host=/nonexistent",
      "postgresql://alice:hun?t/er2@/accounts?host=/nonexistent",
      "postgresql://alice:hun@ter2@/accounts?host=/nonexistent",
      "postgresql://alice:hun%3Fter2@/accounts?host=/nonexistent",
    ])
  func noPasswordInErrors(text: String) throws {
    let uri = try #require(PostgresURI(text))
    #expect(!uri.description.contains("hun"))
    do throws(AccountStoreError) {
      _ = try PostgresAccountStore(uri: uri, identity: policy)
      Issue.record("connected")
    } catch {
      #expect(!error.description.contains("hun"), "\(error)")
      #expect(!error.description.contains("ter2"), "\(error)")
      #expect(!error.description.isEmpty)
    }
  }
}
