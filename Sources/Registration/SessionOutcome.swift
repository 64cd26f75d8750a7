/// How a session ended, whichever front end ran it: the form on the terminal or the
/// line-by-line dialogue. The program turns it into what it prints and its exit status.
public enum SessionOutcome: Hashable, Sendable {
  case signedUp(CreatedAccount)
  case signedIn(SignedInAccount)
  case passwordChanged(ChangedPassword)
  /// Esc on the first screen.
  case cancelled
  /// Ctrl-C.
  case interrupted
  /// A signal ended the program. One that came while an account was being created (or
  /// a password checked) waited for the answer: `completed` is what was done meanwhile
  /// (`.signedUp`, `.signedIn`, `.passwordChanged`), to be reported before the program ends.
  indirect case terminated(signal: Int32, completed: SessionOutcome? = nil)
  /// The terminal went away.
  case inputClosed
  /// Nothing was typed for the idle timeout (`--idle-timeout`).
  case timedOut
  /// The account was stored, but handing it on (`--on-create`) failed: it was taken back.
  case handOffFailed
  /// Line by line: the input ended first; nothing was done.
  case inputEnded
  /// Line by line: a script's answer did not meet a requirement (a script is not asked
  /// again).
  case unmet
  /// Line by line: a script's sign-in, with a wrong login or password (the dialogue said so).
  case wrongCredentials
  /// Line by line: a script's attempt the store could not carry out, or the client's
  /// address may make no more accounts today (the dialogue said why).
  case failed
  /// Line by line: a script's sign-up met a store server away for longer than
  /// `failover-wait` (the dialogue said so): trying again later may work.
  case storeAway
}
