import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Reset password line by line: the same view model as the form, asked field by field.
@Suite("Plain front end: reset password")
struct PlainResetPasswordTests {
  let store = InMemoryAccountStore()
  let newPassword = NewPasswordDialogue()

  init() {
    store.add(login: "Alice", password: "Old4Secret")
    store.addResetCode("K7QP-2MXD-9TRA", for: "alice")
  }

  func reset(_ answers: [String], interactive: Bool = true, strings: Strings = .english)
    -> (PlainFrontEnd.Outcome, ScriptedDialogue)
  {
    newPassword.ask(
      answers, interactive: interactive, strings: strings,
      make: { [store] in
        ResetPasswordViewModel(
          store: store, scheduler: $0, strings: $1, passwordPolicy: $2, strengthEstimator: $3)
      }, run: PlainFrontEnd.resetPassword)
  }

  @Test("four answers set the password; the code is read with echo off and never written")
  func straight() {
    let (outcome, dialogue) = reset(["alice", "K7QP-2MXD-9TRA", "Zq7vLm2pR", "Zq7vLm2pR"])
    guard case .passwordChanged(let changed) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(changed.login == "Alice")
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
    #expect(
      dialogue.transcript == "Reset password\nLogin: alice\nOne-time code: \n"
        + NewPasswordDialogue.metRows)
    #expect(dialogue.secretAnswers == 3, "the code and both passwords")
    #expect(!dialogue.transcript.contains("K7QP") && !dialogue.transcript.contains("Zq7vLm2pR"))
  }

  @Test("a wrong code: one message, the login and code asked again, then it works")
  func wrongThenRight() {
    let (outcome, dialogue) = reset([
      "alice", "K7QP-2MXD-0000", "Zq7vLm2pR", "Zq7vLm2pR", "alice", "K7QP-2MXD-9TRA",
    ])
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(
      dialogue.transcript.contains(
        "Wrong login or code, or the code has expired.\nLogin: "))
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("a script with a wrong or used code is asked once: exit as a wrong password, nothing set")
  func script() {
    let (outcome, dialogue) = reset(
      ["alice", "nope", "Zq7vLm2pR", "Zq7vLm2pR"], interactive: false)
    #expect(outcome == .wrongCredentials)
    #expect(dialogue.transcript.contains("Wrong login or code"))
    #expect(store.hasPassword("Old4Secret", for: "alice"))
    // Used once, the same code is refused in the same words.
    _ = reset(["alice", "K7QP-2MXD-9TRA", "Zq7vLm2pR", "Zq7vLm2pR"], interactive: false)
    let (again, second) = reset(
      ["alice", "K7QP-2MXD-9TRA", "Other9Pass", "Other9Pass"], interactive: false)
    #expect(again == .wrongCredentials)
    #expect(second.transcript.contains("Wrong login or code, or the code has expired."))
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("Russian")
  func russian() {
    let (outcome, dialogue) = reset(
      ["alice", "nope", "Zq7vLm2pR", "Zq7vLm2pR"], interactive: false, strings: .russian)
    #expect(outcome == .wrongCredentials)
    #expect(dialogue.transcript.hasPrefix("Сброс пароля\nЛогин: alice\nОдноразовый код: "))
    #expect(
      dialogue.transcript.contains("Неверный логин или код, либо срок кода истёк."))
  }

  @Test("the input ending first sets nothing")
  func ended() {
    let (outcome, _) = reset(["alice", "K7QP-2MXD-9TRA"])
    #expect(outcome == .inputEnded)
    #expect(store.hasPassword("Old4Secret", for: "alice"))
    #expect(store.hasResetCode(for: "alice"))
  }
}
