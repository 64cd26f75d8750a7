import CSignals

/// Core dumps of this process.
public enum CoreDumps {
  /// No core dump, even when the program crashes: it would hold what was typed, passwords
  /// included. (Also keeps other users' debuggers out.)
  public static func forbid() {
    csignals_forbid_core_dumps()
  }
}
