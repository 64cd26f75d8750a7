/// What went wrong talking to PostgreSQL. Decisions are made on the SQLSTATE and on
/// whether the connection is gone, never on the message, which is for people.
struct PostgresError: Error, Hashable, CustomStringConvertible {
  enum Kind: Hashable {
    /// The server answered with an error: `sqlState` says which.
    case server
    /// A connection that was open broke (the server restarted, the network dropped it).
    case connectionLost
    /// No connection could be made: the server is down, unknown, refusing or slow.
    case unreachable
    /// libpq itself could not be loaded.
    case noLibrary
  }

  let kind: Kind
  /// The five-character SQLSTATE, when the server sent one.
  let sqlState: String?
  /// One line, with no password in it.
  let message: String

  var description: String { message }

  /// 40001: the server gave up on this transaction because of a concurrent one; trying
  /// again is what it asks for (CockroachDB says this often, PostgreSQL under SERIALIZABLE).
  var isSerializationFailure: Bool { sqlState == "40001" }
  /// 23505: a UNIQUE constraint refused the row; trying again cannot change that.
  var isUniqueViolation: Bool { sqlState == "23505" }

  /// SQLSTATEs that mean the connection is gone: class 08 (connection exception) and the
  /// server shutting down (57P01 admin, 57P02 crash, 57P03 cannot connect now).
  static func meansConnectionLost(_ sqlState: String?) -> Bool {
    guard let sqlState else { return false }
    return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
  }

  /// 25006: the server takes no writes now, a leader demoted by a failover, or a standby
  /// reached through a URI that does not ask for `target_session_attrs=read-write`.
  static func meansReadOnly(_ sqlState: String?) -> Bool { sqlState == "25006" }

  /// The server is away, for now: down, unreachable, not answering, or not the one that
  /// takes writes. What a failover looks like from here; worth waiting through.
  var meansServerAway: Bool { kind == .connectionLost || kind == .unreachable }

  /// libpq's messages span lines ("…failed: …\n\tIs the server running…"); one line reads
  /// better in a form and in a log. Lines become sentences.
  static func oneLine(_ text: String) -> String {
    let lines = text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .filter { !$0.isEmpty }
    return lines.enumerated().map { index, line in
      let last = index == lines.count - 1
      return last || line.last.map { ".?!:".contains($0) } == true ? String(line) : line + "."
    }.joined(separator: " ")
  }
}
