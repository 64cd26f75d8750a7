import Registration
import SiteFile
import Testing

@testable import register

@Suite("The site file's questions as the form asks them")
struct SiteQuestionFormTests {
  @Test("every key of a section reaches the form's question, each kind as itself")
  func mapped() throws {
    let site = try SiteFile(
      parsing: Array(
        """
        [question email]
        label = Your e-mail
        kind = email
        required = yes
        max-length = 120
        help = We write only once.
        [question why]
        label = Why?
        kind = text-area
        [question plan]
        label = Plan
        kind = choice
        choices = Student | Regular
        [question rules]
        label = Rules read
        kind = checkbox
        required = yes
        [question nick]
        label = Nick
        """.utf8), keys: [])
    #expect(
      site.questions.map(\.signUpQuestion) == [
        SignUpQuestion(
          name: "email", label: "Your e-mail", kind: .email, required: true, maxLength: 120,
          help: "We write only once."),
        SignUpQuestion(name: "why", label: "Why?", kind: .textArea),
        SignUpQuestion(
          name: "plan", label: "Plan", kind: .choice, choices: ["Student", "Regular"]),
        SignUpQuestion(name: "rules", label: "Rules read", kind: .checkbox, required: true),
        SignUpQuestion(name: "nick", label: "Nick"),
      ])
  }
}
