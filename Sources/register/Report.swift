import Accounts
import Door
import JSONText
import Registration
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// How a run ends: what it prints on stdout, what it says on stderr, and its exit status
/// (the table of the manual page's EXIT STATUS). Made by pure functions; `main` performs it.
struct Report: Equatable {
  /// One result for stdout (a JSON object, a line for people, `--help`), or nil.
  var output: String?
  /// One line for stderr, without the `register: ` before it, or nil.
  var complaint: String?
  var status: Int32
  /// One line for the system log, for the admin: what the client must not be told.
  var log: String?

  init(output: String? = nil, complaint: String? = nil, status: Int32, log: String? = nil) {
    self.output = output
    self.complaint = complaint
    self.status = status
    self.log = log
  }

  /// `--help` or `--version`: status 0.
  static func help(_ text: String) -> Report { Report(output: text, status: 0) }

  /// A command line that cannot be run as given (or a file it names, or the password
  /// policy): status 2.
  static func usage(_ message: String) -> Report { Report(complaint: message, status: 2) }

  /// The site file is refused: status 2, with the file, the line and the reason; over SSH
  /// the client is told only that sign-up is not available (the log has the reason).
  static func siteFileRefused(_ message: String, overSSH: Bool, strings: DoorStrings) -> Report {
    overSSH
      ? Report(
        complaint: strings.unavailable, status: 2, log: "the site file is refused: \(message)")
      : usage(message)
  }

  /// The account database has no place, cannot be opened or is refused: status 3.
  static func storeUnavailable(_ message: String) -> Report {
    Report(complaint: message, status: 3)
  }

  /// The door let the session no further (over SSH, too many sessions): status 6, with
  /// the site's `contact` when it has one. Why the sessions could not be counted is the
  /// log's, never the client's.
  static func refused(_ refusal: SessionRefusal, strings: DoorStrings, contact: String? = nil)
    -> Report
  {
    let complaint =
      switch refusal {
      case .addressFull(let limit): strings.addressFull(limit)
      case .full: strings.full
      case .uncountable: strings.unavailable
      }
    return Report(
      complaint: contact.map { strings.withContact(complaint, $0) } ?? complaint, status: 6)
  }

  /// The door refused before anything was asked (sign-ups closed, the address banned):
  /// status 6, with the admin's message and the site's `contact`.
  static func doorRefused(_ admission: Admission, strings: Strings, contact: String?) -> Report {
    let refusal =
      switch admission {
      case .closed(let message): strings.signUpsClosed(message)
      case .addressBanned: strings.addressBanned
      case .open: ""
      }
    return Report(complaint: strings.withContactIfAny(refusal, contact), status: 6)
  }

  /// `object` with `"keys":[...]` last, when there are keys; as it was otherwise.
  static func adding(keys: [String], to object: String) -> String {
    guard !keys.isEmpty else { return object }
    return appending("keys", "[" + keys.map(JSON.string).joined(separator: ",") + "]", to: object)
  }

  /// What a session's outcome reports. `heldSignal` is a signal that came while an account
  /// was reported and waited: the program still ends with 128 + its number. `json` asks
  /// for a JSON object instead of a line for people; `idleTimeout` is what `--idle-timeout`
  /// was, for the words of a session that timed out. `deadlineNotice` says that
  /// `--session-limit` ended the session, when it did and nothing else was said. A
  /// sign-up's JSON lists the fingerprints of the SSH keys its account was made with.
  init(
    _ outcome: SessionOutcome, heldSignal: Int32?, json: Bool, strings: Strings,
    idleTimeout: Int?, deadlineNotice: String? = nil
  ) {
    var outcome = outcome
    var signal = heldSignal
    // Done while a signal waited: reported, and the signal still ends the program.
    if case .terminated(let ending, let completed) = outcome {
      signal = ending
      outcome = completed ?? outcome
    }
    /// Ends with `status`, or 128 + the signal that waited.
    func end(_ status: Int32, _ complaint: String? = nil, output: String? = nil) -> Report {
      Report(output: output, complaint: complaint, status: signal.map { 128 + $0 } ?? status)
    }
    /// What was done, as a JSON object for a script or a line for a person.
    func done(_ object: String, _ line: String) -> Report { end(0, output: json ? object : line) }
    self =
      switch outcome {
      case .signedUp(let account):
        done(
          Self.adding(
            keys: account.keys.map(\.fingerprint),
            to: Self.withAnswers(
              account.answers,
              JSON.object([
                "login": account.login, "password_hash": account.passwordHash,
                "created_at": account.createdAt, "state": account.state.rawValue,
              ]))),
          account.state == .pending
            ? strings.applicationReceived
            : strings.accountCreated(account.login.escapedForTerminal))
      case .signedIn(let account):
        done(
          JSON.object(["login": account.login, "signed_in_at": account.signedInAt]),
          strings.signedIn(account.login.escapedForTerminal))
      case .passwordChanged(let changed):
        done(
          JSON.object([
            "login": changed.login, "password_hash": changed.passwordHash,
            "changed_at": changed.changedAt,
          ]), strings.passwordChanged(changed.login.escapedForTerminal))
      case .terminated(let ending, _): Report(status: 128 + ending)
      case .cancelled, .failed: end(1)
      case .interrupted: end(130)
      case .inputClosed: end(128 + SIGHUP)
      case .inputEnded: end(1, strings.inputEnded)
      case .timedOut: end(1, strings.idleClosed(idleTimeout ?? 0))
      case .unmet: end(1, strings.answersUnmet)
      // The dialogue has said why: no second line.
      case .wrongCredentials: end(5)
      case .handOffFailed: end(4, strings.handOffFailed)
      // The dialogue has said the store is away.
      case .storeAway: end(3)
      }
    if complaint == nil { complaint = deadlineNotice }
  }
}
