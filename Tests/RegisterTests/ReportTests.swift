import Accounts
import Registration
import Testing

@testable import register

/// How each way a run ends is reported: the manual page's EXIT STATUS, row by row.
@Suite("Report")
struct ReportTests {
  static let account = CreatedAccount(
    login: "alice", passwordHash: "$y$j9T$salt$hash", createdAt: "2026-12-01T12:00:00Z")
  static let signedIn = SignedInAccount(login: "alice", signedInAt: "2026-12-01T12:00:00Z")
  static let changed = ChangedPassword(
    login: "alice", passwordHash: "$y$j9T$salt$new", changedAt: "2026-12-01T12:00:00Z")

  static func report(
    _ outcome: SessionOutcome, held: Int32? = nil, json: Bool = false,
    strings: Strings = .english, idleTimeout: Int? = nil
  ) -> Report {
    Report(outcome, heldSignal: held, json: json, strings: strings, idleTimeout: idleTimeout)
  }

  @Test("a pending account (review = yes): the application received, state pending, exit 0")
  func pending() {
    let account = CreatedAccount(
      login: "alice", passwordHash: "$y$j9T$salt$hash", createdAt: "2026-12-01T12:00:00Z",
      state: .pending)
    #expect(
      Self.report(.signedUp(account))
        == Report(output: Strings.english.applicationReceived, status: 0))
    #expect(
      Self.report(.signedUp(account), strings: .russian).output
        == "Заявка принята; войти можно будет, когда её одобрят.")
    #expect(
      Self.report(.signedUp(account), json: true).output?.hasSuffix(#","state":"pending"}"#) == true
    )
  }

  @Test("3: a script met a store away past failover-wait (the dialogue said so)")
  func storeAway() {
    #expect(Self.report(.storeAway) == Report(status: 3))
  }

  @Test("6: the door refused before the form, with the admin's message and the contact")
  func doorRefused() {
    #expect(
      Report.doorRefused(.closed(message: "back on Monday"), strings: .english, contact: nil)
        == Report(complaint: "sign-ups are closed: back on Monday", status: 6))
    #expect(
      Report.doorRefused(.addressBanned, strings: .english, contact: "admin@example.org")
        == Report(
          complaint:
            "sign-ups from this address are not accepted (to write to this site: admin@example.org)",
          status: 6))
    #expect(
      Report.doorRefused(.closed(message: nil), strings: .russian, contact: nil)
        == Report(complaint: "регистрация закрыта", status: 6))
  }

  @Test("0: signed up, signed in or the password changed, as a line or a JSON object")
  func done() {
    #expect(
      Self.report(.signedUp(Self.account))
        == Report(output: "Account alice created.", status: 0))
    #expect(
      Self.report(.signedUp(Self.account), json: true)
        == Report(
          output:
            #"{"login":"alice","password_hash":"$y$j9T$salt$hash","created_at":"2026-12-01T12:00:00Z","state":"active"}"#,
          status: 0))
    #expect(
      Self.report(.signedIn(Self.signedIn), json: true)
        == Report(
          output: #"{"login":"alice","signed_in_at":"2026-12-01T12:00:00Z"}"#, status: 0))
    #expect(Self.report(.signedIn(Self.signedIn)).output == "Signed in as alice.")
    #expect(
      Self.report(.passwordChanged(Self.changed), json: true).output
        == #"{"login":"alice","password_hash":"$y$j9T$salt$new","changed_at":"2026-12-01T12:00:00Z"}"#
    )
    #expect(Self.report(.passwordChanged(Self.changed)).status == 0)
    #expect(
      Self.report(.signedUp(Self.account), strings: .russian).output?.contains("alice") == true)
  }

  @Test("a login in the line for people cannot drive the terminal")
  func escapedLogin() throws {
    let account = CreatedAccount(login: "a\u{1B}]0;x\u{7}", passwordHash: "$y$", createdAt: "")
    let line = try #require(Self.report(.signedUp(account)).output)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test("1: cancelled, or line by line the input ended, answers unmet, a failure told")
  func nothingDone() {
    #expect(Self.report(.cancelled) == Report(status: 1))
    #expect(Self.report(.failed) == Report(status: 1))
    #expect(Self.report(.inputEnded) == Report(complaint: Strings.english.inputEnded, status: 1))
    #expect(Self.report(.unmet) == Report(complaint: Strings.english.answersUnmet, status: 1))
    #expect(
      Self.report(.timedOut, idleTimeout: 300)
        == Report(complaint: Strings.english.idleClosed(300), status: 1))
    #expect(
      Self.report(.timedOut, strings: .russian, idleTimeout: 60).complaint
        == Strings.russian.idleClosed(60))
  }

  @Test("2 and 3: usage errors and a store that cannot be opened say why on stderr")
  func startFailures() {
    #expect(Report.usage("unknown option") == Report(complaint: "unknown option", status: 2))
    #expect(
      Report.storeUnavailable("cannot open") == Report(complaint: "cannot open", status: 3))
    #expect(Report.help("Usage") == Report(output: "Usage", status: 0))
  }

  @Test("4: the --on-create command failed; 5: a wrong login or password, said already")
  func handOffAndCredentials() {
    #expect(
      Self.report(.handOffFailed) == Report(complaint: Strings.english.handOffFailed, status: 4))
    #expect(Self.report(.wrongCredentials) == Report(status: 5))
  }

  @Test("130: Ctrl-C; 128 + n: a signal, the terminal gone (SIGHUP)")
  func signals() {
    #expect(Self.report(.interrupted) == Report(status: 130))
    #expect(Self.report(.terminated(signal: 15)) == Report(status: 143))
    #expect(Self.report(.terminated(signal: 3)) == Report(status: 131))
    #expect(Self.report(.inputClosed) == Report(status: 129))
  }

  @Test("a signal that waited for an account: the account is reported, the signal's status")
  func heldSignal() {
    #expect(
      Self.report(.terminated(signal: 1, completed: .signedUp(Self.account)))
        == Report(output: "Account alice created.", status: 129))
    #expect(
      Self.report(.signedUp(Self.account), held: 15)
        == Report(output: "Account alice created.", status: 143))
    #expect(Self.report(.handOffFailed, held: 2).status == 130)
    #expect(Self.report(.cancelled, held: 15).status == 143)
  }
}
