import Accounts
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
    for uri in ["postgresql://db/x", "postgres://db/x"] {
      #expect(StoreLocation(uri) == .postgres(try #require(PostgresURI(uri))))
    }
  }
}
