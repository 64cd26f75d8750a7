import Registration

/// One account as an admin sees it: a row of `register admin list`, and what `show` starts
/// from. Never the hash. A value a list widget can show one per line.
public struct AccountRecord: Hashable, Sendable, Identifiable {
  /// The row's number in the store: the order accounts were made in, and where a page of
  /// the list goes on from.
  public let id: Int
  public let login: String
  public let state: AccountState
  /// ISO 8601 in UTC.
  public let createdAt: String
  /// Where it signed up from (over SSH); nil for a local sign-up.
  public let clientAddress: String?
  /// Why it was locked (or rejected), as the admin said.
  public let reason: String?

  public init(
    id: Int, login: String, state: AccountState, createdAt: String, clientAddress: String?,
    reason: String?
  ) {
    self.id = id
    self.login = login
    self.state = state
    self.createdAt = createdAt
    self.clientAddress = clientAddress
    self.reason = reason
  }
}
