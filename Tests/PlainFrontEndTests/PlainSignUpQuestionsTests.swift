import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Sign up line by line asks the site's questions after the password, and the account is
/// made with their answers.
@Suite("Plain front end: Sign up with the site's questions")
struct PlainSignUpQuestionsTests {
  static let questions = [
    SignUpQuestion(name: "team", label: "Team", kind: .choice, choices: ["Red", "Blue"]),
    SignUpQuestion(name: "rules", label: "I accept the rules", kind: .checkbox, required: true),
  ]

  func signUp(_ lines: [String], interactive: Bool = false)
    -> (PlainFrontEnd.Outcome, ScriptedDialogue)
  {
    let scheduler = ManualScheduler()
    let dialogue = ScriptedDialogue(lines, interactive: interactive)
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy(),
      questions: SignUpQuestions(Self.questions))
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue)
  }

  @Test("asked after Confirm password, in order; the account carries the answers")
  func askedAfterFields() {
    let (outcome, dialogue) = signUp(["bobby", "Secret123", "Secret123", "2", "yes"])
    guard case .signedUp(let account) = outcome else {
      Issue.record("not signed up: \(outcome)")
      return
    }
    #expect(
      account.answers == [
        QuestionAnswer(name: "team", value: .text("Blue")),
        QuestionAnswer(name: "rules", value: .checked(true)),
      ])
    let transcript = dialogue.transcript
    let confirm = transcript.range(of: "Confirm password")
    let team = transcript.range(of: "Team (")
    #expect(confirm != nil && team != nil && confirm!.lowerBound < team!.lowerBound)
  }

  @Test("a script that does not tick a required box makes no account")
  func unticked() {
    let (outcome, _) = signUp(["bobby", "Secret123", "Secret123", "1", "no"])
    #expect(outcome == .unmet)
  }
}
