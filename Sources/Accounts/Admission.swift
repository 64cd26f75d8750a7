/// Whether a client may fill in the form at all, asked before it is shown.
public enum Admission: Hashable, Sendable {
  case open
  /// Sign-ups are closed (`register admin close`); Sign in still works.
  case closed(message: String?)
  /// The client's address is in a banned network.
  case addressBanned
}
