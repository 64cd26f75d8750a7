import Accounts
import Admin
import Foundation
import Registration
import TestSupport
import Testing

@Suite("register admin show: the answers a sign-up gave")
struct AdminShowAnswersTests {
  @Test(
    "after the account, one row (one JSON line) each, escaped; none without answers",
    arguments: AdminEngine.allCases)
  func answers(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    _ = try store.service.createAccount(
      SignUp(
        login: "alice", password: "Zq7vLm2pR",
        details: SignUpDetails(answers: [
          QuestionAnswer(name: "why", value: .text("To learn\u{1B}[2J")),
          QuestionAnswer(name: "rules", value: .checked(true)),
        ])))
    _ = try store.service.createAccount(login: "bobby", password: "Zq7vLm2pR")
    let table = store.admin("show", "alice")
    #expect(table.status == 0)
    #expect(table.lines.contains { $0.hasPrefix("QUESTION ") && $0.hasSuffix("ANSWER") })
    let why = try #require(table.lines.first { $0.hasPrefix("why ") })
    #expect(why.hasSuffix(#"To learn\u{1B}[2J"#) && !why.contains("\u{1B}"), "\(why)")
    #expect(table.lines.contains { $0.hasPrefix("rules ") && $0.hasSuffix(" yes") })
    let json = try store.admin("show", "alice", "--json").objects()
    #expect(json[0]["login"] as? String == "alice")
    #expect(json[1]["question"] as? String == "why")
    #expect(json[1]["answer"] as? String == "To learn\u{1B}[2J")
    #expect(json[2]["question"] as? String == "rules")
    #expect(json[2]["answer"] as? String == "yes")
    #expect(json[3]["action"] as? String == "sign-up")
    #expect(!store.admin("show", "bobby").text.contains("QUESTION"))
    #expect(try store.admin("show", "bobby", "--json").objects().count == 2)
  }
}
