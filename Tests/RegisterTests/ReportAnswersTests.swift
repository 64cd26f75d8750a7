import Foundation
import Registration
import Testing

@testable import register

/// `--json` on success: the answers to the site's questions under `"answers"`.
@Suite("Report: the answers in --json")
struct ReportAnswersTests {
  static func report(_ answers: [QuestionAnswer], json: Bool = true) -> Report {
    let account = CreatedAccount(
      login: "alice", passwordHash: "$y$j9T$salt$hash", createdAt: "2026-12-01T12:00:00Z",
      answers: answers)
    return Report(
      .signedUp(account), heldSignal: nil, json: json, strings: .english, idleTimeout: nil)
  }

  @Test("an object after the account's keys, in file order, a checkbox as a JSON bool")
  func answers() throws {
    let report = Self.report([
      QuestionAnswer(name: "why", value: .text("To learn.\n\"Really\"\u{1B}")),
      QuestionAnswer(name: "rules", value: .checked(true)),
      QuestionAnswer(name: "news", value: .checked(false)),
    ])
    #expect(report.status == 0)
    let line = try #require(report.output)
    #expect(
      line.hasSuffix(
        #","state":"active","answers":{"why":"To learn.\n\"Really\"\u001b","rules":true,"news":false}}"#
      ), "\(line)")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let answers = try #require(object["answers"] as? [String: Any])
    #expect(answers["why"] as? String == "To learn.\n\"Really\"\u{1B}")
    #expect(answers["rules"] as? Bool == true)
    #expect(answers["news"] as? Bool == false)
  }

  @Test("no answers: no key; and never in the line for a person")
  func none() {
    #expect(Self.report([]).output?.contains("answers") == false)
    let answered = Self.report(
      [QuestionAnswer(name: "why", value: .text("secret reason"))], json: false)
    #expect(answered.output == "Account alice created.")
  }
}
