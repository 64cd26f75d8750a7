import Registration
import Testing

/// The site's questions on the form: the rows each must meet, what blocks Create account,
/// and the answers a sign-up carries.
@Suite("Sign-up questions: rows and answers")
struct QuestionAnsweringTests {
  static let questions = [
    SignUpQuestion(
      name: "email", label: "Your e-mail", kind: .email, required: true, maxLength: 40),
    SignUpQuestion(name: "why", label: "Why join?", kind: .textArea, help: "A few lines."),
    SignUpQuestion(
      name: "membership", label: "Membership", kind: .choice, required: true,
      choices: ["Student", "Regular"]),
    SignUpQuestion(name: "rules", label: "I have read the rules", kind: .checkbox, required: true),
    SignUpQuestion(name: "news", label: "Newsletter", kind: .checkbox),
    SignUpQuestion(name: "nick", label: "Nickname"),
  ]

  @Test("each kind's rows, met as the answers come; Create account waits for all")
  func rows() {
    let form = SignUpQuestions(Self.questions)
    let (email, why, membership, rules, news, nick) = (
      form.answering[0], form.answering[1], form.answering[2], form.answering[3],
      form.answering[4], form.answering[5]
    )
    #expect(email.rows.map(\.text) == ["Looks like an address", "Answered"])
    #expect(email.rows.map(\.isMet) == [false, false], "nothing typed: nothing checked yet")
    #expect(email.rows.map(\.blocks) == [false, true], "only the answer is missing")
    #expect(why.rows.isEmpty && news.rows.isEmpty && nick.rows.isEmpty, "optional: no rows")
    #expect(membership.rows == [.init(text: "One chosen", isMet: false)])
    #expect(rules.rows == [.init(text: "Ticked", isMet: false)])
    #expect(!form.areMet)
    #expect(form.firstUnmet === email)

    email.take("alice@example")
    #expect(email.rows.map(\.isMet) == [false, true])
    email.take("alice@example.org")
    #expect(email.isMet)
    #expect(form.firstUnmet === membership)
    #expect(!membership.choose(2), "no third option")
    #expect(membership.choose(1))
    rules.isChecked = true
    #expect(form.areMet)
    rules.isChecked = false
    #expect(!form.areMet && form.firstUnmet === rules, "a required checkbox must stay ticked")
  }

  @Test(
    "what looks like an address",
    arguments: [
      ("alice@example.org", true), ("a.b+c@mail.example.co.uk", true), ("alice@example", false),
      ("@example.org", false), ("alice@@example.org", false), ("alice@example..org", false),
      ("alice@.org", false), ("alice @example.org", false), ("alice", false), ("", false),
    ])
  func address(text: String, looks: Bool) {
    #expect(QuestionAnswering.looksLikeAddress(text) == looks)
  }

  @Test("an optional email is checked once something is typed")
  func optionalEmail() {
    let email = QuestionAnswering(SignUpQuestion(name: "email", label: "E-mail", kind: .email))
    #expect(email.isMet)
    email.take("not an address")
    #expect(!email.isMet)
  }

  @Test("an answer over max-length is refused and the answer kept; 4000 at most anyway")
  func length() {
    let form = SignUpQuestions(Self.questions)
    let email = form.answering[0]
    #expect(email.take(String(repeating: "a", count: 30) + "@example.org") == false)
    #expect(email.text.isEmpty)
    #expect(email.take("a@b.c"))
    #expect(!email.take(String(repeating: "a", count: 41)))
    #expect(email.text == "a@b.c")
    let nick = form.answering[5]
    #expect(nick.take(String(repeating: "x", count: 4000)))
    #expect(!nick.take(String(repeating: "x", count: 4001)))
  }

  @Test("the answers in file order: texts as typed, the option chosen, checkboxes as bools")
  func answers() {
    let form = SignUpQuestions(Self.questions)
    form.answering[0].take("alice@example.org")
    form.answering[1].take("To learn.\nTo share.")
    form.answering[2].choose(0)
    form.answering[3].isChecked = true
    #expect(
      form.answers == [
        QuestionAnswer(name: "email", value: .text("alice@example.org")),
        QuestionAnswer(name: "why", value: .text("To learn.\nTo share.")),
        QuestionAnswer(name: "membership", value: .text("Student")),
        QuestionAnswer(name: "rules", value: .checked(true)),
        QuestionAnswer(name: "news", value: .checked(false)),
        QuestionAnswer(name: "nick", value: .text("")),
      ])
  }

  @Test("our own words in Russian; the admin's labels as written")
  func russian() {
    let form = SignUpQuestions(Self.questions, strings: .russian)
    #expect(form.answering[0].rows.map(\.text) == ["Похоже на адрес", "Есть ответ"])
    #expect(form.answering[2].rows.map(\.text) == ["Выбран вариант"])
    #expect(form.answering[3].rows.map(\.text) == ["Отмечено"])
    #expect(form.answering[3].question.label == "I have read the rules")
    #expect(QuestionStrings.of(.russian) == .russian && QuestionStrings.of(.english) == .english)
  }
}
