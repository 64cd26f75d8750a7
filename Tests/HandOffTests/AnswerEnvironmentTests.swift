import Foundation
import HandOff
import Registration
import Testing

/// The answers a stranger gave reach `--on-create` as `REGISTER_ANSWER_<NAME>`, cleaned
/// of control characters and bounded.
@Suite("The --on-create command's answers")
struct AnswerEnvironmentTests {
  /// The environment `/usr/bin/env` was started with, for an account with `answers`.
  func environment(_ answers: [QuestionAnswer]) throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let account = CreatedAccount(
      login: "alice", passwordHash: "$y$j9T$salt$hash", createdAt: "2026-12-01T12:00:00Z",
      answers: answers)
    let hook = CommandHook(words: ["/bin/sh", "-c", "/usr/bin/env > \(file)"], log: { _ in })
    #expect(hook.run(for: account, clientAddress: nil) == .success)
    return try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(
      String.init)
  }

  @Test("one variable each, NAME upper-cased, a checkbox as yes or no")
  func variables() throws {
    let lines = try environment([
      QuestionAnswer(name: "email", value: .text("alice@example.org")),
      QuestionAnswer(name: "nick_2", value: .text("Al")),
      QuestionAnswer(name: "house-rules", value: .checked(true)),
      QuestionAnswer(name: "news", value: .checked(false)),
    ])
    // The shell lists its environment in an order of its own.
    let answers = Set(lines.filter { $0.hasPrefix("REGISTER_ANSWER_") })
    #expect(
      answers == [
        "REGISTER_ANSWER_EMAIL=alice@example.org", "REGISTER_ANSWER_NICK_2=Al",
        "REGISTER_ANSWER_HOUSE_RULES=yes", "REGISTER_ANSWER_NEWS=no",
      ])
  }

  @Test("line breaks and tabs as spaces, other controls dropped, at most 1024 bytes")
  func cleaned() throws {
    let lines = try environment([
      QuestionAnswer(
        name: "why", value: .text("To learn.\nAnd\tto share.\r\n\u{1B}[2J\u{7}\u{9B}ok")),
      QuestionAnswer(name: "long", value: .text(String(repeating: "é", count: 600))),
      QuestionAnswer(name: "none", value: .text("")),
    ])
    #expect(lines.contains("REGISTER_ANSWER_WHY=To learn. And to share. [2Jok"))
    #expect(lines.contains("REGISTER_ANSWER_LONG=" + String(repeating: "é", count: 512)))
    #expect(lines.contains("REGISTER_ANSWER_NONE="))
    #expect(!lines.contains { $0.hasPrefix("And") || $0.hasPrefix("[2J") }, "no forged line")
  }

  @Test("an account without answers gets no REGISTER_ANSWER_ variable")
  func noAnswers() throws {
    #expect(!(try environment([])).contains { $0.hasPrefix("REGISTER_ANSWER_") })
  }
}
