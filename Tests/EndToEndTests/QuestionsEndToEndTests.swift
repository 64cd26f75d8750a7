import Foundation
import Testing

/// The release binary in tmux at 80x24 with a site file asking five questions, one of each
/// kind: answered on the form, stored with the account, printed by `--json`.
@Suite("Site questions end to end", .serialized, .cleansUp)
struct QuestionsEndToEndTests: SiteFileSuite {
  let directory: TemporaryDirectory

  init() throws { directory = try Self.folder("register-questions-e2e") }

  /// The five questions: a text with help, a required email, a text area, a choice and a
  /// required checkbox.
  func siteFile() throws -> String {
    let text = """
      db = \(file("accounts.sqlite"))
      password-policy = off

      [question fullname]
      label = Full name
      help = As colleagues know you

      [question email]
      label = Email
      kind = email
      required = yes

      [question about]
      label = Why an account?
      kind = text-area

      [question team]
      label = Team
      kind = choice
      choices = Red | Blue | Green

      [question rules]
      label = I accept the house rules
      kind = checkbox
      required = yes

      """
    return try writeSiteFile(text)
  }

  @Test("every kind answered on the form: the account, --json and admin show hold the answers")
  func answered() throws {
    let site = try siteFile()
    let tmux = try signUpForm(site: site)
    try tmux.type("bobby")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Tab")
    try tmux.wait(forText: "Full name")
    try tmux.type("Bob B")
    try tmux.keys("Tab")
    try tmux.type("bob@example.org")
    try tmux.wait(forText: "✓ L̶o̶o̶k̶s̶ ̶l̶i̶k̶e̶ ̶a̶n̶ ̶a̶d̶d̶r̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type("To learn")
    try tmux.keys("Tab", "Right", "Right", "Tab")
    // Create account stays off until the box is ticked: pressed now, the focus comes back.
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "✗ Ticked")
    try tmux.type(" ")
    try tmux.wait(forText: "✓ T̶i̶c̶k̶e̶d̶")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "=42=")
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(contents("status") == "0\n", "\(screen)")
    let out = contents("out")
    #expect(out.hasPrefix(#"{"login":"bobby""#), "\(out)")
    #expect(
      out.contains(
        #""answers":{"fullname":"Bob B","email":"bob@example.org","about":"To learn","#
          + #""team":"Blue","rules":true}}"#), "\(out)")

    let shown = try command(
      "/bin/sh",
      ["-c", "\(Tmux.binary) admin show bobby --db \(file("accounts.sqlite")) --json 2>&1"])
    #expect(shown.status == 0, "\(shown.output)")
    let rows = shown.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    var answers: [String: String] = [:]
    for row in rows {
      if let question = row["question"] as? String { answers[question] = row["answer"] as? String }
    }
    #expect(
      answers == [
        "fullname": "Bob B", "email": "bob@example.org", "about": "To learn", "team": "Blue",
        "rules": "yes",
      ], "\(shown.output)")
  }
}
