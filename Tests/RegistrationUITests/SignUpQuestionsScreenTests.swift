import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Sign up with the site's five kinds of question: each with its widget after Confirm
/// password, in the file's order; a refused Create account goes to the first unmet one.
@Suite("Sign up with the site's questions")
struct SignUpQuestionsScreenTests {
  static let questions = [
    SignUpQuestion(name: "fullname", label: "Full name", help: "As colleagues know you"),
    SignUpQuestion(name: "email", label: "Email", kind: .email, required: true),
    SignUpQuestion(name: "about", label: "Why an account?", kind: .textArea, maxLength: 500),
    SignUpQuestion(name: "team", label: "Team", kind: .choice, choices: ["Red", "Blue", "Green"]),
    SignUpQuestion(
      name: "rules", label: "I accept the house rules", kind: .checkbox, required: true),
  ]

  /// The form with the questions, its three fields met.
  func filledForm(size: Size, russian: Bool) -> SignUpHarness {
    let form = SignUpHarness(
      size: size, strings: russian ? .russian : .english, questions: Self.questions,
      questionStrings: russian ? .russian : .english)
    form.type("bobby")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.settle()
    return form
  }

  func field(_ name: String, of form: SignUpHarness) -> View {
    form.form.questionViews.view(named: name)!
  }

  @Test("Tab goes from Confirm password through the questions in file order, to the button")
  func tabOrder() {
    let form = filledForm(size: Size(width: 80, height: 24), russian: false)
    #expect(form.focused === form.form.confirmationField)
    for question in Self.questions {
      form.press(Key(.tab))
      #expect(form.focused === field(question.name, of: form), "\(question.name)")
      #expect(form.application.screenFrame(of: form.focused!) != nil, "scrolled into sight")
    }
    form.press(Key(.tab))
    #expect(form.focused === form.form.submitButton)
  }

  @Test("what is typed, chosen and ticked is the answer")
  func widgetsBind() {
    let form = filledForm(size: Size(width: 80, height: 24), russian: false)
    let questions = form.model.questions
    form.application.focus(field("fullname", of: form))
    form.type("Bob B")
    form.application.focus(field("team", of: form))
    form.press(Key(.down))
    form.application.focus(field("rules", of: form))
    form.type(" ")
    #expect(questions.answering(named: "fullname")?.text == "Bob B")
    #expect(questions.answering(named: "team")?.choice != nil)
    #expect(questions.answering(named: "rules")?.isChecked == true)
    #expect(!form.model.canSubmit, "the email is required")
    form.application.focus(field("email", of: form))
    form.type("bob@example.org")
    #expect(form.model.canSubmit)
  }

  @Test(
    "a refused Create account goes to the first unmet question, its rows as errors",
    arguments: [Size(width: 80, height: 24), Size(width: 60, height: 14)], [false, true])
  func refused(size: Size, russian: Bool) {
    let form = filledForm(size: size, russian: russian)
    form.application.focus(field("email", of: form))
    form.type("bob@example")
    form.application.focus(form.form.submitButton)
    form.press(Key(.enter))
    form.settle()
    #expect(form.focused === field("email", of: form))
    #expect(form.store.count == 0, "no account made")
    let name = "sign-up-questions-\(size.width)x\(size.height)-\(russian ? "ru" : "en")"
    #expect(compareSnapshot(form.screen, named: name) == .matches)
  }

  @Test(
    "the last questions and the button fit once scrolled to",
    arguments: [Size(width: 80, height: 24), Size(width: 60, height: 14)], [false, true])
  func lastQuestions(size: Size, russian: Bool) {
    let form = filledForm(size: size, russian: russian)
    form.application.focus(field("rules", of: form))
    form.type(" ")
    form.application.process([])
    let name = "sign-up-questions-end-\(size.width)x\(size.height)-\(russian ? "ru" : "en")"
    #expect(compareSnapshot(form.screen, named: name) == .matches)
  }
}
