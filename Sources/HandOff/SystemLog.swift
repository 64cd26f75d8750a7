import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The system log (syslog, which journald reads): where hand-offs are recorded for the
/// admin, out of the user's sight. `journalctl -t register` shows them.
public enum SystemLog {
  /// Records one hand-off: an error when it failed, with what the command printed.
  @Sendable public static func write(_ entry: LogEntry) {
    write(entry, hook: "on-create", afterFailure: "the account was taken back")
  }

  /// Records one run of a hook (`on-create` at an approval, `on-delete`), and what became
  /// of the account when it failed.
  @Sendable public static func write(_ entry: LogEntry, hook: String, afterFailure: String) {
    let text = line(
      login: entry.login, result: entry.result, output: entry.output, hook: hook,
      afterFailure: afterFailure)
    let failed = if case .failure = entry.result { true } else { false }
    write(text, priority: failed ? LOG_ERR : LOG_INFO)
  }

  /// The line `write(_:hook:afterFailure:)` records, every part escaped: the failure's
  /// reason (the system's words) as much as the login and what the command printed.
  public static func line(
    login: String, result: HookResult, output: String, hook: String, afterFailure: String
  ) -> String {
    var line = "\(hook) for \(login.escapedForTerminal): "
    switch result {
    case .success: line += "done"
    case .failure(let failure):
      line += "failed (\(failure.description.escapedForTerminal)); \(afterFailure)"
    }
    if !output.isEmpty { line += "; output: " + output.escapedForTerminal }
    return line
  }

  /// Records one row of the audit log (`AuditEntry.logLine`), escaped.
  @Sendable public static func audit(_ line: String) {
    write(line.escapedForTerminal, priority: LOG_NOTICE)
  }

  /// Records that an account whose hand-off failed is still stored.
  @Sendable public static func notRemoved(login: String, reason: String) {
    write(
      "the account \(login.escapedForTerminal) could not be taken back after its on-create "
        + "failed: \(reason.escapedForTerminal)", priority: LOG_CRIT)
  }

  /// The tag of every line, set once: syslog puts it before the message itself (left to
  /// glibc, it is the program's name, which the message repeated).
  private static let opened: Void = {
    let tag: StaticString = "register"
    openlog(UnsafeRawPointer(tag.utf8Start).assumingMemoryBound(to: CChar.self), 0, LOG_AUTHPRIV)
  }()

  private static func write(_ line: String, priority: Int32) {
    _ = opened
    line.withCString { text in
      withVaList([text]) { arguments in
        vsyslog(LOG_AUTHPRIV | priority, "%s", arguments)
      }
    }
  }
}
