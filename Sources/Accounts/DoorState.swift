/// Whether sign-ups are open, kept in the store so that every host of a site agrees.
public struct DoorState: Hashable, Sendable {
  public let closed: Bool
  /// What strangers are told while it is closed.
  public let message: String?

  public init(closed: Bool, message: String? = nil) {
    self.closed = closed
    self.message = message
  }

  public static let open = DoorState(closed: false)
}
