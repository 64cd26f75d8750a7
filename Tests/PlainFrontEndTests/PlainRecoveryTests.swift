import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Line by line, a mistake is a step back, never a dead end, and is told once.
@Suite("Plain front end: recovering from a mistake")
struct PlainRecoveryTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  @Test("a confirmation that does not match asks for the password and its confirmation again")
  func mismatchAsksBoth() throws {
    // The first password was mistyped (echo off, so nobody saw it): both come again.
    let dialogue = ScriptedDialogue(["bobby", "Secrte123", "Secret123", "Secret123", "Secret123"])
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "bobby")
    #expect(
      dialogue.transcript.contains(
        """
        Confirm password: 
          [ ] Matches the password
        The passwords do not match. Type the password again, then confirm it.
        Password: 
          [x] At least 8 characters
          [x] One uppercase letter
        Confirm password: 
          [x] Matches the password

        """))
    #expect(try store.signIn(login: "bobby", password: "Secret123") != nil)
  }

  @Test("in Russian too")
  func mismatchInRussian() {
    let dialogue = ScriptedDialogue(["борис", "Секрет123", "Секрет12", "Секрет123", "Секрет123"])
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: .russian, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .russian)
      .signUp(model)
    #expect(outcome != .inputEnded)
    #expect(
      dialogue.transcript.contains(
        "Пароли не совпадают. Введите пароль ещё раз, затем повторите его.\nПароль: "))
  }

  @Test("a script's wrong password: told once, its own outcome")
  func wrongPasswordFromScript() {
    store.add(login: "dora", password: "Secret123")
    let dialogue = ScriptedDialogue(["dora", "wrong"], interactive: false)
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(model)
    #expect(outcome == .wrongCredentials)
    #expect(dialogue.transcript.components(separatedBy: "Wrong login or password.").count == 2)
  }

  @Test("a script's sign-in the store could not answer: told once, not called a wrong answer")
  func storeFailsForScript() {
    store.fail(with: .unavailable("disk I/O error"))
    let dialogue = ScriptedDialogue(["dora", "Secret123"], interactive: false)
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(model)
    #expect(outcome == .failed)
    #expect(dialogue.transcript.hasSuffix("Not signed in: disk I/O error\n"))
  }
}
