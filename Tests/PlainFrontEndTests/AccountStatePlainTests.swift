import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Sign in and Change password of an account that waits for approval or is locked: said in
/// words (the admin's reason with a lock), and refused as a wrong password is (exit 5).
@Suite("Plain front end: pending and locked accounts")
struct AccountStatePlainTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  func signIn(_ error: AccountStoreError, strings: Strings = .english)
    -> (PlainFrontEnd.Outcome, String)
  {
    store.fail(with: error)
    let dialogue = ScriptedDialogue(["alice", "Secret123"], interactive: false)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: strings)
      .signIn(SignInViewModel(store: store, scheduler: scheduler, strings: strings))
    return (outcome, dialogue.transcript)
  }

  @Test("Sign in of a pending account: waiting for approval, refused (exit 5)")
  func pending() {
    let (outcome, transcript) = signIn(.accountPending)
    #expect(outcome == .wrongCredentials)
    #expect(transcript.hasSuffix("Your application is waiting for approval.\n"))
    let (_, russian) = signIn(.accountPending, strings: .russian)
    #expect(russian.hasSuffix("Ваша заявка ждёт одобрения.\n"))
  }

  @Test("Sign in of a locked account: locked, with the admin's reason")
  func locked() {
    let (outcome, transcript) = signIn(.accountLocked(reason: "spam"))
    #expect(outcome == .wrongCredentials)
    #expect(transcript.hasSuffix("This account is locked: spam\n"))
    let (_, bare) = signIn(.accountLocked(reason: nil))
    #expect(bare.hasSuffix("This account is locked.\n"))
    let (_, russian) = signIn(.accountLocked(reason: "спам"), strings: .russian)
    #expect(russian.hasSuffix("Этот аккаунт заблокирован: спам\n"))
  }

  @Test("Change password refuses them the same way")
  func changePassword() {
    for (error, words) in [
      (AccountStoreError.accountPending, "Your application is waiting for approval."),
      (.accountLocked(reason: "spam"), "This account is locked: spam"),
    ] {
      store.fail(with: nil)
      let dialogue = ScriptedDialogue(
        ["alice", "Secret123", "NewSecret456", "NewSecret456"], interactive: false)
      let model = ChangePasswordViewModel(store: store, scheduler: scheduler)
      store.fail(with: error)
      let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
        .changePassword(model)
      #expect(outcome == .wrongCredentials)
      #expect(dialogue.transcript.hasSuffix(words + "\n"))
    }
  }

  @Test("a wrong password of such an account gets the usual words")
  func wrongPassword() {
    let dialogue = ScriptedDialogue(["alice", "Wrong1234"], interactive: false)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(SignInViewModel(store: store, scheduler: scheduler))
    #expect(outcome == .wrongCredentials)
    #expect(dialogue.transcript.hasSuffix(Strings.english.wrongCredentials + "\n"))
  }

  @Test("the store's new refusals have words in both languages")
  func words() {
    let errors: [AccountStoreError] = [
      .signUpsClosed(message: "back Monday"), .signUpsClosed(message: nil), .addressBanned,
      .passwordTooLong(longestBytes: 511), .signUpRateReached(perHour: 5), .accountPending,
      .accountLocked(reason: nil),
    ]
    for error in errors {
      let english = error.description(in: .english)
      let russian = error.description(in: .russian)
      #expect(!english.isEmpty && english != russian, "\(error)")
      #expect(russian.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) })
    }
    #expect(
      AccountStoreError.signUpsClosed(message: "back Monday").description(in: .russian)
        == "регистрация закрыта: back Monday")
  }
}
