import Registration
import TestSupport
import Testing

@Suite("Sign up with the site's questions")
struct SignUpQuestionsModelTests {
  static let questions = [
    SignUpQuestion(name: "team", label: "Team", kind: .choice, choices: ["red", "blue"]),
    SignUpQuestion(name: "rules", label: "I accept the rules", kind: .checkbox, required: true),
  ]

  /// A model whose three fields are met (the login looked up), with `questions`.
  func filledModel(_ scheduler: ManualScheduler, questions: [SignUpQuestion] = Self.questions)
    -> RegistrationViewModel
  {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy(),
      questions: SignUpQuestions(questions))
    model.login = "alice"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
    return model
  }

  @Test("a required question unmet keeps Create account off; met, it is on")
  func blocksSubmit() {
    let scheduler = ManualScheduler()
    let model = filledModel(scheduler)
    #expect(!model.canSubmit)
    #expect(!model.isReadyToSubmit)
    model.questions.answering(named: "rules")?.isChecked = true
    #expect(model.canSubmit)
    #expect(model.isReadyToSubmit)
  }

  @Test("no questions: the form is as before")
  func noQuestions() {
    let model = filledModel(ManualScheduler(), questions: [])
    #expect(model.canSubmit)
  }

  @Test("a refused submit goes to the first unmet question, and its rows show as errors")
  func refusedGoesToQuestion() {
    let scheduler = ManualScheduler()
    let model = filledModel(scheduler)
    var events: [RegistrationViewModel.Event] = []
    model.events.listen { events.append($0) }
    #expect(!model.questionsRefused)
    model.submit()
    scheduler.settle()
    #expect(events == [.rejectedQuestion("rules")])
    #expect(model.questionsRefused)
    #expect(!model.isCreating)
  }

  @Test("the fields come first: an unmet field is where a refused submit goes")
  func fieldsFirst() {
    let scheduler = ManualScheduler()
    let model = filledModel(scheduler)
    model.confirmation = "Secret12"
    var events: [RegistrationViewModel.Event] = []
    model.events.listen { events.append($0) }
    #expect(model.submit() == .rejected(firstUnmet: .confirmation))
    #expect(events == [.rejected(.confirmation)])
  }

  @Test("the account is created with the answers, in file order")
  func createsWithAnswers() {
    let scheduler = ManualScheduler()
    let model = filledModel(scheduler)
    model.questions.answering(named: "team")?.choose(1)
    model.questions.answering(named: "rules")?.isChecked = true
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(
      created?.answers == [
        QuestionAnswer(name: "team", value: .text("blue")),
        QuestionAnswer(name: "rules", value: .checked(true)),
      ])
  }
}
