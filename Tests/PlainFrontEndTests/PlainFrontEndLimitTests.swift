import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Line by line there is no field to stop typing: an answer over its field's maximum is
/// refused with the form's message.
@Suite("Plain front end: maximum lengths")
struct PlainFrontEndLimitTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  static let longLogin = String(repeating: "a", count: 65)
  /// 512 bytes: one more than libxcrypt hashes.
  static let longPassword = "S" + String(repeating: "e", count: 511)

  func signUp(_ answers: [String], interactive: Bool = true) -> (
    PlainFrontEnd.Outcome, ScriptedDialogue
  ) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue)
  }

  @Test("a person is told why and asked again")
  func askedAgain() {
    let (outcome, dialogue) = signUp([
      Self.longLogin, "bobby", Self.longPassword, "Secret123", Self.longPassword, "Secret123",
    ])
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "bobby")
    #expect(
      dialogue.transcript.contains(
        "Login: \(Self.longLogin)\nAt most 64 characters\nLogin: bobby\n"))
    #expect(dialogue.transcript.contains("Password: \nAt most 511 bytes\nPassword: \n"))
    #expect(
      dialogue.transcript.contains("Confirm password: \nAt most 511 bytes\nConfirm password: \n"))
    #expect(!dialogue.transcript.contains("eeee"), "no password written, not even a long one")
  }

  @Test("a script's over-long answer ends the dialogue; nothing is created")
  func scriptEnds() {
    let (outcome, dialogue) = signUp(
      ["bobby", Self.longPassword, Self.longPassword], interactive: false)
    #expect(outcome == .unmet)
    #expect(dialogue.transcript.hasSuffix("Password: \nAt most 511 bytes\n"))
    #expect(store.count == 0)
  }

  @Test("sign in: an over-long login is refused with the message, not tried")
  func signIn() {
    store.add(login: "dora", password: "Secret123")
    let dialogue = ScriptedDialogue([Self.longLogin, "Secret123", "dora", "Secret123"])
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(model)
    guard case .signedIn(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "dora")
    #expect(dialogue.transcript.contains("At most 64 characters\n"))
    #expect(!dialogue.transcript.contains("Wrong login or password."))
  }
}
