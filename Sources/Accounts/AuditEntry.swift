/// One row of the audit log: what happened to which login, from where, and which admin did
/// it. Never a password, a hash or a code.
public struct AuditEntry: Hashable, Sendable {
  public enum Action: String, Hashable, Sendable, CaseIterable {
    case signUp = "sign-up"
    case approve, reject, lock, unlock, delete, reset
    case resetUsed = "reset-used"
    case signInFailed = "sign-in-failed"
    case signInThrottled = "sign-in-throttled"
    case ban, unban, close, open
    /// An admin's note on an account while reviewing it (`detail` holds it).
    case note
    /// An account copied in by `register admin import` (`detail`: the file it came from).
    case imported = "import"
    case keyAdded = "key-added"
    case keyRemoved = "key-removed"
  }

  /// The row's number: the order of the log, and where a page of it goes on from.
  public let id: Int
  /// ISO 8601 in UTC.
  public let at: String
  public let action: Action
  public let login: String?
  public let clientAddress: String?
  /// The admin's Unix user, for an admin's action (`alice as root` under sudo).
  public let by: String?
  /// A reason, a ban's pattern, the door's message.
  public let detail: String?

  public init(
    id: Int = 0, at: String, action: Action, login: String? = nil, clientAddress: String? = nil,
    by: String? = nil, detail: String? = nil
  ) {
    self.id = id
    self.at = at
    self.action = action
    self.login = login
    self.clientAddress = clientAddress
    self.by = by
    self.detail = detail
  }

  /// The row as one line of the system log, without its time (syslog adds its own).
  public var logLine: String {
    var words = [action.rawValue]
    for (key, value) in [("login", login), ("from", clientAddress), ("by", by), ("detail", detail)]
    {
      guard let value else { continue }
      words.append("\(key)=\(Self.quotedIfSpaced(value))")
    }
    return words.joined(separator: " ")
  }

  /// `alice as root` as `"alice as root"`, so that a line reads back into its fields.
  private static func quotedIfSpaced(_ value: String) -> String {
    guard value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) || value.isEmpty else {
      return value
    }
    return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
