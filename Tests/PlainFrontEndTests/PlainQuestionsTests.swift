import PlainFrontEnd
import Registration
import Testing

/// The site's questions line by line: a choice by number, a checkbox as yes or no, a text
/// area ended by an empty line, each asked again until met (a person) or once (a script).
@Suite("Plain front end: the site's questions")
struct PlainQuestionsTests {
  static let questions = [
    SignUpQuestion(name: "email", label: "Your e-mail", kind: .email, required: true),
    SignUpQuestion(name: "why", label: "Why join?", kind: .textArea, help: "A few lines."),
    SignUpQuestion(
      name: "membership", label: "Membership", kind: .choice, required: true,
      choices: ["Student", "Regular"]),
    SignUpQuestion(name: "rules", label: "I have read the rules", kind: .checkbox, required: true),
  ]

  func ask(_ lines: [String], interactive: Bool = true, language: Language = .english)
    -> (PlainFrontEnd.Outcome?, SignUpQuestions, String)
  {
    let dialogue = ScriptedDialogue(lines, interactive: interactive)
    let questions = SignUpQuestions(Self.questions, strings: .of(language))
    let outcome = PlainFrontEnd(
      dialogue: dialogue, scheduler: ManualScheduler(), strings: language.strings
    ).ask(questions, words: .of(language))
    return (outcome, questions, dialogue.transcript)
  }

  @Test("every kind answered in order; the rows after each")
  func answered() {
    let (outcome, questions, transcript) = ask([
      "alice@example.org", "To learn.", "To share.", "", "2", "yes",
    ])
    #expect(outcome == nil)
    #expect(
      questions.answers == [
        QuestionAnswer(name: "email", value: .text("alice@example.org")),
        QuestionAnswer(name: "why", value: .text("To learn.\nTo share.")),
        QuestionAnswer(name: "membership", value: .text("Regular")),
        QuestionAnswer(name: "rules", value: .checked(true)),
      ])
    #expect(transcript.contains("Your e-mail: alice@example.org\n  [x] Looks like an address\n"))
    #expect(transcript.contains("  A few lines.\nWhy join? (end with an empty line):\n"))
    #expect(
      transcript.contains("  1. Student\n  2. Regular\nMembership (the number of your choice): 2\n")
    )
    #expect(transcript.contains("I have read the rules (yes or no): yes\n  [x] Ticked\n"))
  }

  @Test("a person is asked again until met: a bad address, a number out of range, no tick")
  func again() {
    let (outcome, questions, transcript) = ask([
      "alice@example", "alice@example.org", "", "3", "1", "maybe", "no", "y",
    ])
    #expect(outcome == nil)
    #expect(questions.areMet)
    #expect(transcript.contains("  [ ] Looks like an address\n"))
    #expect(transcript.contains("the number of your choice: 1-2\n"))
    #expect(transcript.contains("maybe\nyes or no\n"))
    #expect(transcript.contains("no\n  [ ] Ticked\n"))
  }

  @Test("a script is asked once: an unmet answer ends it (exit 1); the end of input too")
  func script() {
    #expect(ask(["alice@example.org", "", "1", "no"], interactive: false).0 == .unmet)
    #expect(ask(["alice@example.org", "", "1", "yes"], interactive: false).0 == nil)
    #expect(ask(["alice@example.org", "half a text area"]).0 == .inputEnded)
  }

  @Test("in Russian: our words, да and нет")
  func russian() {
    let (outcome, questions, transcript) = ask(
      ["alice@example.org", "", "1", "да"], language: .russian)
    #expect(outcome == nil)
    #expect(questions.answering[3].isChecked)
    #expect(transcript.contains("I have read the rules (да или нет): да\n  [x] Отмечено\n"))
  }

  @Test("the admin's label is escaped for the terminal")
  func hostileLabel() {
    let dialogue = ScriptedDialogue(["x"])
    let questions = SignUpQuestions([SignUpQuestion(name: "q", label: "Name\u{1B}[2J")])
    _ = PlainFrontEnd(dialogue: dialogue, scheduler: ManualScheduler(), strings: .english)
      .ask(questions, words: .english)
    #expect(!dialogue.transcript.contains("\u{1B}"))
    #expect(dialogue.transcript.hasPrefix(#"Name\u{1B}[2J: "#))
  }
}
