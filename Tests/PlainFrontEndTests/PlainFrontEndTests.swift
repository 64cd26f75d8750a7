import Foundation
import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// A dialogue read from a script: answers in order, everything said kept as one text.
final class ScriptedDialogue: Dialogue {
  private var answers: [String]
  private(set) var transcript = ""
  private(set) var secretAnswers = 0
  /// A person, unless the test says it is a script.
  let isInteractive: Bool

  init(_ answers: [String], interactive: Bool = true) {
    self.answers = answers
    isInteractive = interactive
  }

  func answer(secret: Bool) -> String? {
    guard !answers.isEmpty else { return nil }
    if secret { secretAnswers += 1 }
    let answer = answers.removeFirst()
    transcript += (secret ? "" : answer) + "\n"
    return answer
  }

  func say(_ text: String) { transcript += text }
}

@Suite("Plain front end")
struct PlainFrontEndTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  func signUp(_ answers: [String], strings: Strings = .english) -> (
    PlainFrontEnd.Outcome, ScriptedDialogue
  ) {
    let dialogue = ScriptedDialogue(answers)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: strings, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: strings).signUp(
      model)
    return (outcome, dialogue)
  }

  @Test("three answers create the account")
  func straight() {
    let (outcome, dialogue) = signUp(["bobby", "Secret123", "Secret123"])
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "bobby")
    #expect(
      dialogue.transcript == """
        Create account
        Login: bobby
          [x] At least 4 characters
          [x] Letters, digits and . _ -
          [x] Login is free
        Password: 
          [x] At least 8 characters
          [x] One uppercase letter
        Confirm password: 
          [x] Matches the password

        """)
    #expect(dialogue.secretAnswers == 2)
  }

  @Test("each field is asked again until its requirements are met")
  func askAgain() {
    let (outcome, dialogue) = signUp([
      "alice", "bob", "bobby", "secret123", "Secret123", "Secret12", "Secret123", "Secret123",
    ])
    #expect(outcome != .inputEnded)
    #expect(
      dialogue.transcript.contains(
        "Login: alice\n  [x] At least 4 characters\n  [x] Letters, digits and . _ -\n"
          + "  [ ] This login is taken.\n"))
    #expect(
      dialogue.transcript.contains(
        "Login: bob\n  [ ] At least 4 characters\n  [x] Letters, digits and . _ -\n"
          + "  [ ] Login is free\n"))
    #expect(
      dialogue.transcript.contains("  [x] At least 8 characters\n  [ ] One uppercase letter\n"))
    #expect(dialogue.transcript.contains("Confirm password: \n  [ ] Matches the password\n"))
    #expect(store.count == 2)
  }

  @Test("a script is not asked again: an unmet answer ends the dialogue, nothing created")
  func scriptNotAskedAgain() {
    let dialogue = ScriptedDialogue(["bob", "Secret123", "Secret123"], interactive: false)
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english).signUp(
      model)
    #expect(outcome == .unmet)
    #expect(
      dialogue.transcript.hasSuffix(
        "Login: bob\n  [ ] At least 4 characters\n  [x] Letters, digits and . _ -\n"
          + "  [ ] Login is free\n"))
    #expect(!dialogue.transcript.contains("Secret123"))
    #expect(store.count == 1)
  }

  @Test(
    "a refused login: the rule it breaks follows the checklist, in the user's language",
    arguments: [
      (
        Language.english,
        "  [ ] Letters, digits and . _ -\n  [ ] Login is free\nNo spaces in a login\n"
      ),
      (
        .russian,
        "  [ ] Буквы, цифры и . _ -\n  [ ] Логин свободен\nВ логине не может быть пробелов\n"
      ),
    ])
  func refusedLogin(language: Language, expected: String) {
    let (outcome, dialogue) = signUp(["bo bby", "bobby"], strings: language.strings)
    #expect(outcome == .inputEnded)
    #expect(dialogue.transcript.contains(expected))
    // Fixed: no reason follows.
    let strings = language.strings
    #expect(dialogue.transcript.hasSuffix("\(strings.loginIsFree)\n\(strings.passwordLabel): \n"))
  }

  @Test("a store that cannot answer: the reason follows the checklist")
  func storeFails() {
    store.fail(with: .unavailable("database is locked"))
    let (_, dialogue) = signUp(["bobby"])
    #expect(
      dialogue.transcript.contains("  [ ] Login is free\nLogin not checked: database is locked\n"))
  }

  @Test("a password is never written, not even in the checklist")
  func neverEchoes() {
    let (_, dialogue) = signUp(["bobby", "Hunter2Hunter", "Hunter2Hunter"])
    #expect(!dialogue.transcript.contains("Hunter2"))
  }

  @Test("input that ends early: nothing is created")
  func inputEnds() {
    let (outcome, _) = signUp(["bobby", "Secret123"])
    #expect(outcome == .inputEnded)
    #expect(store.count == 1)
    let (empty, _) = signUp([])
    #expect(empty == .inputEnded)
  }

  @Test("a login taken while the dialogue ran: say so, start over")
  func lostRace() {
    let dialogue = ScriptedDialogue([
      "bobby", "Secret123", "Secret123", "carol", "Secret123", "Secret123",
    ])
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    var once = true
    // Another process takes "bobby" between the checks and the submission.
    let front = PlainFrontEnd(
      dialogue: RaceDialogue(dialogue) {
        if once, model.confirmation == "Secret123" {
          once = false
          store.add(login: "BOBBY", password: "x")
        }
      }, scheduler: scheduler, strings: .english)
    let outcome = front.signUp(model)
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "carol")
    #expect(dialogue.transcript.contains("The login was just taken. Choose another."))
  }

  @Test("in Russian")
  func russian() {
    let (outcome, dialogue) = signUp(["борис", "Секрет123", "Секрет123"], strings: .russian)
    #expect(outcome != .inputEnded)
    #expect(
      dialogue.transcript.hasPrefix("Создание аккаунта\nЛогин: борис\n  [x] Не менее 4 символов\n"))
  }

  @Test("sign in: one message for any mistake, then in")
  func signIn() {
    store.add(login: "Dora", password: "Secret123")
    let dialogue = ScriptedDialogue(["dora", "wrong", "nobody", "Secret123", "DORA", "Secret123"])
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english).signIn(
      model)
    guard case .signedIn(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "Dora")
    #expect(dialogue.transcript.components(separatedBy: "Wrong login or password.").count == 3)
  }
}

/// A dialogue that runs `beforeEachAnswer` first: lets a test act between answers.
final class RaceDialogue: Dialogue {
  let inner: ScriptedDialogue
  let beforeEachAnswer: () -> Void

  init(_ inner: ScriptedDialogue, beforeEachAnswer: @escaping () -> Void) {
    self.inner = inner
    self.beforeEachAnswer = beforeEachAnswer
  }

  var isInteractive: Bool { inner.isInteractive }

  func answer(secret: Bool) -> String? {
    beforeEachAnswer()
    return inner.answer(secret: secret)
  }

  func say(_ text: String) {
    beforeEachAnswer()
    inner.say(text)
  }
}
