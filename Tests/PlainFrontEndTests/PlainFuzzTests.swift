import Foundation
import PlainFrontEnd
import Registration
import Synchronization
import Terminal
import TestSupport
import Testing

/// Seeded random hostile lines through the line-by-line dialogue, on the standard
/// dialogue with its input and output in memory (so its echo is checked too).
///
/// After each dialogue: nothing written holds a raw control, separator or bidi character;
/// no password given is written; every account stored has a login and a password that
/// were given whole (not cut at a NUL, which none holds) and, for a script, a login that
/// was shown. `FUZZ_SEQUENCES` (default 1,000) and `FUZZ_SEED` as in the form's fuzzing:
/// `FUZZ_SEED=N FUZZ_SEQUENCES=1 swift test --filter PlainFuzz` runs one again.
@Suite("PlainFuzz")
struct PlainFuzzTests {
  static var sequences: Int {
    ProcessInfo.processInfo.environment["FUZZ_SEQUENCES"].flatMap { Int($0) } ?? 1_000
  }
  static var firstSeed: UInt64 {
    ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
  }

  /// Pieces of hostile lines.
  static let pieces: [String] = [
    "a", "Z", "7", "_", ".", "-", " ", "Ж", "щ", "中", "👍🏽", "👨‍👩‍👧", "e\u{301}", "ש", "\\",
    "\\u{1B}", "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{9}", "\u{B}", "\u{C}", "\r", "\u{1B}",
    "\u{1B}]0;PWNED\u{7}", "\u{1B}]8;;http://x\u{1B}\\", "\u{1B}[31m", "\u{1B}[2J", "\u{7F}",
    "\u{80}", "\u{85}", "\u{9B}", "\u{9D}", "\u{9F}", "\u{202A}", "\u{202B}", "\u{202C}",
    "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}",
    "\u{61C}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{AD}", "\u{E000}",
    "\u{378}", "\u{FFFD}",
  ]

  /// One line: pieces, the text of random bytes read as UTF-8 (invalid bytes become
  /// U+FFFD, as `readLine` makes them), a known good answer, or a very long line.
  static func line(_ random: inout SeededGenerator, marker: Int) -> String {
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<3:
      return ["bobby", "alice", "Secret123", "Жора_1", "Q\(marker)zSecret"].randomElement(
        using: &random)!
    case 3:
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      return String(decoding: bytes, as: UTF8.self).filter { $0 != "\n" }
    case 4:
      let piece = pieces.randomElement(using: &random)!
      return "Q\(marker)z"
        + String(repeating: piece, count: Int.random(in: 1...50_000, using: &random))
    default:
      var text = Bool.random(using: &random) ? "Q\(marker)z" : ""
      for _ in 0..<Int.random(in: 0...16, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      return text
    }
  }

  /// What no written byte may be: C0 but the line break, DEL, C1, line and paragraph
  /// separators, bidi controls. Independent of the escaping it checks.
  static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F,
      0x61C:
      true
    default: false
    }
  }

  /// What one dialogue came to: the first broken invariant, and what it went through.
  struct Report {
    var problem: String?
    var created = false
    var refusedNUL = false
  }

  /// Runs one dialogue.
  static func run(seed: UInt64) -> Report {
    var report = Report()
    report.problem = check(seed: seed, report: &report)
    return report
  }

  /// Runs one dialogue; the first broken invariant.
  static func check(seed: UInt64, report: inout Report) -> String? {
    var random = SeededGenerator(seed: seed)
    var lines: [String] = []
    for marker in 0..<Int.random(in: 0...14, using: &random) {
      // Often the line before again, so that confirmations match and accounts get made.
      if let last = lines.last, Int.random(in: 0..<3, using: &random) == 0 {
        lines.append(last)
      } else {
        lines.append(line(&random, marker: marker))
      }
    }
    let interactive = Int.random(in: 0..<3, using: &random) == 0
    let signingIn = Int.random(in: 0..<4, using: &random) == 0

    var remaining = lines[...]
    var written = ""
    var secrets: [String] = []
    var loginsGiven: [String] = []
    let dialogue = StandardDialogue(
      isInteractive: interactive,
      readLine: { echo in
        guard let line = remaining.popFirst() else { return nil }
        if echo { loginsGiven.append(line) } else { secrets.append(line) }
        return line
      },
      write: { written += $0 })
    let store = RecordingStore()
    let scheduler = ManualScheduler()
    let front = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
    let outcome =
      signingIn
      ? front.signIn(SignInViewModel(store: store, scheduler: scheduler))
      : front.signUp(
        RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy()))

    report.created = !store.created.isEmpty
    report.refusedNUL = written.contains(Strings.english.answerContainsNUL)
    if let raw = written.unicodeScalars.first(where: isRaw) {
      return "U+\(String(raw.value, radix: 16, uppercase: true)) written raw"
    }
    for secret in secrets {
      guard let marker = secret.firstRange(of: /Q\d+z/) else { continue }
      // The marker is written when the same line was also a login: only a secret's own
      // line counts.
      if !loginsGiven.contains(where: { $0.contains(secret[marker]) })
        && written.contains(secret[marker])
      {
        return "a password was written: \(secret.prefix(40).debugDescription)"
      }
    }
    let created = store.created
    if created.count > 1 { return "\(created.count) accounts from one dialogue" }
    for account in created {
      if account.login.utf8.contains(0) || account.password.utf8.contains(0) {
        return "stored with a NUL: \(account.login.prefix(40).debugDescription)"
      }
      if !loginsGiven.contains(account.login) { return "stored a login never given" }
      if !secrets.contains(account.password) { return "stored a password never given" }
      if !interactive && !written.contains("Login: \(account.login.escapedForTerminal)\n") {
        return "stored a login never shown: \(account.login.prefix(40).debugDescription)"
      }
    }
    if case .signedUp(let account) = outcome, created.map(\.login) != [account.login] {
      return "signed up \(account.login.debugDescription), stored \(created.map(\.login))"
    }
    if case .signedUp = outcome {
    } else if !created.isEmpty && !signingIn {
      return "stored an account, but the outcome is \(outcome)"
    }
    return nil
  }

  @Test("random hostile lines through the dialogue keep every invariant")
  func dialogue() {
    let first = Self.firstSeed
    var created = 0
    var refusedNUL = 0
    for seed in first..<(first + UInt64(Self.sequences)) {
      let report = Self.run(seed: seed)
      if let problem = report.problem {
        print("fuzz: plain seed \(seed) failed: \(problem)")
        Issue.record("plain seed \(seed): \(problem)")
        return
      }
      if report.created { created += 1 }
      if report.refusedNUL { refusedNUL += 1 }
    }
    print(
      "fuzz: plain: \(Self.sequences) dialogues, \(created) accounts, \(refusedNUL) NUL refusals")
    // Random lines that never make an account, or never hold a NUL, would prove little.
    if Self.sequences >= 500 {
      #expect(created >= Self.sequences / 100, "accounts made")
      #expect(refusedNUL >= Self.sequences / 20, "answers with a NUL refused")
    }
  }
}

/// The in-memory store, remembering what it was asked to create.
final class RecordingStore: AccountStore {
  struct Account {
    let login: String
    let password: String
  }

  private let inner = InMemoryAccountStore(logins: ["alice"])
  private let accounts = Mutex<[Account]>([])

  var created: [Account] { accounts.withLock { $0 } }

  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }

  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    let account = try inner.createAccount(signUp)
    accounts.withLock { $0.append(Account(login: signUp.login, password: signUp.password)) }
    return account
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try inner.signIn(login: login, password: password)
  }

  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try inner.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try inner.accountsCreated(from: address)
  }

  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try inner.deleteAccount(login: login)
  }
}
