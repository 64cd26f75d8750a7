/// How many sessions the door holds at once: from one client address, and in all.
public struct SessionLimits: Equatable, Sendable {
  /// `--sessions-per-address`.
  public var perAddress: Int
  /// `--sessions`.
  public var total: Int

  public init(perAddress: Int, total: Int) {
    self.perAddress = perAddress
    self.total = total
  }
}

/// Why a session was not let in.
public enum SessionRefusal: Error, Equatable, Sendable {
  /// The client's address already holds `limit` sessions.
  case addressFull(limit: Int)
  /// The host already holds `limit` sessions of the door.
  case full(limit: Int)
  /// The sessions cannot be counted (the folder is missing, open to others, or unusable):
  /// the reason, for the system log only, never for the client.
  case uncountable(String)
}
