import SiteFile
import Testing

/// `[question NAME]` sections read into the questions the form asks, and every section
/// that is wrong refused at its line.
@Suite("Site questions")
struct SiteQuestionTests {
  static func parse(_ text: String) throws(SiteFileError) -> SiteFile {
    try SiteFile(parsing: Array(text.utf8), keys: [SiteKey("db", .text)])
  }

  static func refusal(_ text: String) -> SiteFileError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("the questions in file order, with what each sets, after the site's keys")
  func questions() throws {
    let site = try Self.parse(
      """
      db = /var/lib/register/accounts.sqlite

      [question email]
      label = Your e-mail
      kind = email
      required = yes
      max-length = 120

      [question why]
      label = Why do you want to join?
      kind = text-area
      help = A few lines are enough.

      [question membership]
      label = Membership
      kind = choice
      choices = Student | Regular |Supporting

      [question rules]
      label = I have read the house rules
      kind = checkbox
      required = yes

      [question nick_2]
      label = What should we call you?
      """)
    #expect(site.setting("db")?.value == "/var/lib/register/accounts.sqlite")
    #expect(
      site.questions == [
        SiteQuestion(
          name: "email", label: "Your e-mail", kind: .email, required: true, maxLength: 120),
        SiteQuestion(
          name: "why", label: "Why do you want to join?", kind: .textArea,
          help: "A few lines are enough."),
        SiteQuestion(
          name: "membership", label: "Membership", kind: .choice,
          choices: ["Student", "Regular", "Supporting"]),
        SiteQuestion(
          name: "rules", label: "I have read the house rules", kind: .checkbox, required: true),
        SiteQuestion(name: "nick_2", label: "What should we call you?"),
      ])
    #expect(site.questions[0].environmentName == "REGISTER_ANSWER_EMAIL")
    #expect(site.questions[4].environmentName == "REGISTER_ANSWER_NICK_2")
  }

  @Test(
    "a section that is wrong is refused at the line that is",
    arguments: [
      ("[question Email]\nlabel = x", 1, SiteFileError.Reason.badQuestionName("Email")),
      ("[question 1st]\nlabel = x", 1, .badQuestionName("1st")),
      ("[question a-b]\nlabel = x", 1, .badQuestionName("a-b")),
      ("[question é]\nlabel = x", 1, .badQuestionName("é")),
      (
        "[question \(String(repeating: "a", count: 33))]\nlabel = x", 1,
        .badQuestionName(String(repeating: "a", count: 33))
      ),
      (
        "[question a]\nlabel = x\n[question a]\nlabel = y", 3, .duplicateQuestion("a", firstLine: 1)
      ),
      ("[question a]\nkind = text", 1, .missingLabel("a")),
      ("[question a]\nlabel = x\n[question b]\nkind = text", 3, .missingLabel("b")),
      ("[question a]\nlabel = x\ndb = /a", 3, .unknownQuestionKey("db")),
      ("[question a]\nlabel = x\nlabel = y", 3, .duplicateKey("label", firstLine: 2)),
      (
        "[question a]\nlabel = x\nkind = select", 3,
        .badValue("kind", expected: "one of text, email, text-area, choice, checkbox")
      ),
      ("[question a]\nlabel = x\nrequired = 1", 3, .badValue("required", expected: "yes or no")),
      (
        "[question a]\nlabel = x\nmax-length = 0", 3,
        .badValue("max-length", expected: "a whole number from 1 to 4000")
      ),
      (
        "[question a]\nlabel = x\nmax-length = 4001", 3,
        .badValue("max-length", expected: "a whole number from 1 to 4000")
      ),
      ("[question a]\nlabel = x\nkind = choice", 1, .choicesMissing("a")),
      ("[question a]\nlabel = x\nchoices = A | B", 3, .choicesNotAllowed("a")),
      (
        "[question a]\nlabel = x\nkind = choice\nchoices = A", 4,
        .badValue("choices", expected: "two or more, as A | B | C")
      ),
      (
        "[question a]\nlabel = x\nkind = choice\nchoices = A || B", 4,
        .badValue("choices", expected: "two or more, as A | B | C")
      ),
      (
        "[question a]\nlabel = x\nkind = choice\nchoices = A | A", 4,
        .badValue("choices", expected: "different from each other")
      ),
      (
        "[question a]\nlabel = x\nkind = checkbox\nmax-length = 5", 4, .maxLengthNotAllowed("a")
      ),
      (
        "[question a]\nlabel = \(String(repeating: "x", count: 201))", 2,
        .tooLongText("label", limit: 200)
      ),
      ("[question a]\nlabel =", 2, .emptyValue("label")),
    ])
  func refused(text: String, line: Int, reason: SiteFileError.Reason) {
    #expect(Self.refusal(text) == SiteFileError(line: line, reason))
  }

  @Test("at most 20 questions and 20 choices")
  func caps() {
    let twenty = (1...20).map { "[question q\($0)]\nlabel = Q\($0)\n" }.joined()
    #expect(throws: Never.self) { try Self.parse(twenty) }
    #expect(
      Self.refusal(twenty + "[question q21]\nlabel = Q21\n")
        == SiteFileError(line: 41, .tooManyQuestions(limit: 20)))
    let choices = (1...21).map { "C\($0)" }.joined(separator: " | ")
    #expect(
      Self.refusal("[question a]\nlabel = x\nkind = choice\nchoices = \(choices)")
        == SiteFileError(line: 4, .tooManyChoices(limit: 20)))
  }
}
