import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Answers with NUL, control and format characters: nothing is cut at a NUL, and nothing
/// the dialogue writes carries a character the terminal would act on.
@Suite("Plain front end: hostile text")
struct HostileTextTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()
  static let sevenNULs = String(repeating: "\u{0}", count: 7)

  func signUp(_ answers: [String], interactive: Bool) -> (PlainFrontEnd.Outcome, ScriptedDialogue) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue)
  }

  @Test("a script's password of A and seven NULs: refused, nothing created")
  func scriptPasswordWithNULs() {
    let password = "A" + Self.sevenNULs
    let (outcome, dialogue) = signUp(["bobby", password, password], interactive: false)
    #expect(outcome == .unmet)
    #expect(store.count == 1)
    #expect(dialogue.transcript.hasSuffix("Password: \n\(Strings.english.answerContainsNUL)\n"))
    #expect(!dialogue.transcript.contains("[x] At least 8 characters"))
  }

  @Test("a person is told and asked again; the account gets the password typed next")
  func personAskedAgain() throws {
    let password = "A" + Self.sevenNULs
    let (outcome, dialogue) = signUp(
      ["bobby", password, "Secret123", "Secret123"], interactive: true)
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "bobby")
    #expect(
      dialogue.transcript.contains(
        "Password: \n\(Strings.english.answerContainsNUL)\nPassword: \n  [x] At least 8"))
    #expect(try store.signIn(login: "bobby", password: "Secret123") != nil)
  }

  @Test("a login with a NUL is refused, not cut")
  func loginWithNUL() {
    let (outcome, dialogue) = signUp(["bob\u{0}by", "Secret123", "Secret123"], interactive: false)
    #expect(outcome == .unmet)
    #expect(store.count == 1)
    #expect(!dialogue.transcript.contains("Login is free"), "never looked up")
  }

  @Test("a confirmation with a NUL is refused, and asked again")
  func confirmationWithNUL() {
    let (outcome, dialogue) = signUp(
      ["bobby", "Secret123", "Secret123\u{0}", "Secret123"], interactive: true)
    #expect(outcome != .unmet && outcome != .inputEnded)
    #expect(
      dialogue.transcript.contains(
        "Confirm password: \n\(Strings.english.answerContainsNUL)\nConfirm password: "))
    #expect(store.count == 2)
  }

  @Test("sign in with a NUL in the password: refused before the store")
  func signInWithNUL() {
    store.add(login: "dora", password: "Secret123")
    let dialogue = ScriptedDialogue(["dora", "Secret123\u{0}x"], interactive: false)
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(model)
    #expect(outcome == .unmet)
    #expect(dialogue.transcript.contains(Strings.english.answerContainsNUL))
  }

  @Test("in Russian")
  func russian() {
    let dialogue = ScriptedDialogue(["bob\u{0}by"], interactive: false)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: .russian, policy: FakeLoginPolicy())
    _ = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .russian).signUp(model)
    #expect(dialogue.transcript.contains(Strings.russian.answerContainsNUL))
  }

  @Test("a message quoting the store is written with its controls escaped")
  func messageEscaped() {
    store.fail(with: .unavailable("disk \u{1B}]0;PWNED\u{7} full"))
    let (_, dialogue) = signUp(["bobby"], interactive: false)
    #expect(dialogue.transcript.contains("Login not checked: disk \\u{1B}]0;PWNED\\u{7} full\n"))
    #expect(!dialogue.transcript.contains("\u{1B}"))
  }

  @Test("the standard dialogue echoes a piped login escaped, and never a password")
  func echoEscaped() {
    var lines = ["al\u{1B}]0;PWNED\u{7}ice\u{202E}", "Secret\u{1B}123"]
    var written = ""
    let dialogue = StandardDialogue(
      isInteractive: false, readLine: { _ in lines.isEmpty ? nil : lines.removeFirst() },
      write: { written += $0 })
    #expect(dialogue.answer(secret: false) == "al\u{1B}]0;PWNED\u{7}ice\u{202E}")
    #expect(dialogue.answer(secret: true) == "Secret\u{1B}123")
    #expect(written == "al\\u{1B}]0;PWNED\\u{7}ice\\u{202E}\n\n")
  }

  @Test("a person's terminal echoes for itself: the standard dialogue writes nothing")
  func noEchoForAPerson() {
    var written = ""
    let dialogue = StandardDialogue(
      isInteractive: true, readLine: { _ in "alice" }, write: { written += $0 })
    _ = dialogue.answer(secret: false)
    #expect(written.isEmpty)
  }
}
