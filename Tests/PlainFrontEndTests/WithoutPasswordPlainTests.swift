import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Sign up line by line on a site with `password = off`: Login, then SSH key; no
/// password is asked.
@Suite("Plain front end: sign-up without a password")
struct WithoutPasswordPlainTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()

  func signUp(_ answers: [String], interactive: Bool) -> (PlainFrontEnd.Outcome, ScriptedDialogue) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(),
      key: SignUpKey(need: .required, connecting: nil), withoutPassword: true)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue)
  }

  @Test("Login, then SSH key: signed up, and no password asked")
  func loginThenKey() {
    let (outcome, dialogue) = signUp(["alice", Self.line], interactive: false)
    guard case .signedUp(let account) = outcome else {
      Issue.record("not signed up: \(outcome)")
      return
    }
    #expect(account.login == "alice")
    #expect(dialogue.transcript.contains("Login: "))
    #expect(dialogue.transcript.contains("SSH key: "))
    #expect(!dialogue.transcript.contains("Password"))
    #expect(!dialogue.transcript.contains("Confirm"))
  }

  @Test("a script with no key is refused: the key is the way in")
  func noKey() {
    let (outcome, dialogue) = signUp(["alice", ""], interactive: false)
    #expect(outcome == .unmet)
    #expect(dialogue.transcript.contains("This site needs an SSH key"))
    #expect(!dialogue.transcript.contains("Password"))
  }
}
