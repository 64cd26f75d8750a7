import Accounts
import Admin
import Registration
import Terminal
import TestSupport
import Testing

/// Replies read one by one; `before` runs before the reply of that number is given (another
/// admin deciding meanwhile, say).
final class Replies {
  private var replies: [String]
  private var given = 0
  private let before: [Int: () -> Void]

  init(_ replies: [String], before: [Int: () -> Void] = [:]) {
    self.replies = replies
    self.before = before
  }

  var input: AdminInput {
    AdminInput(readLine: { [self] in
      before[given]?()
      given += 1
      return replies.isEmpty ? nil : replies.removeFirst()
    })
  }
}

@Suite("register admin review, on every engine")
struct ReviewTests {
  func applicants(_ store: AdminStore) throws {
    for (login, address) in [
      ("ada", "192.0.2.7"), ("bob", "198.51.100.2"), ("carol", "2001:db8::1"),
    ] {
      _ = try store.service.createAccount(
        login: login, password: "Zq7vLm2pR", origin: SignUpOrigin(address: address, limit: nil))
    }
  }

  @Test(
    "line by line: approve, skip, reject with a reason, note; each in the log by the admin",
    arguments: AdminEngine.allCases)
  func lines(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    try applicants(store)
    let replies = Replies(["a", "s", "n", "met at the meetup", "r", "a bot"])
    let run = store.admin(["review", "--plain"], input: replies.input)
    #expect(run.status == 0)
    #expect(run.lines.contains { $0.hasPrefix("ada: applied 20") && $0.contains("from 192.0.2.7") })
    #expect(run.lines.contains("Approved ada."))
    #expect(run.lines.contains("Noted on carol."))
    #expect(run.lines.contains("Rejected carol."))
    #expect(run.lines.last == "No one else is waiting.")
    #expect(try store.service.account("ada")?.state == .active)
    #expect(try store.service.account("bob")?.state == .pending)
    #expect(try store.service.account("carol") == nil)
    let log = try store.admin("log", "--json").objects().filter { $0["by"] is String }
    #expect(log.map { $0["action"] as? String } == ["approve", "note", "reject"])
    #expect(log.map { $0["detail"] as? String } == [nil, "met at the meetup", "a bot"])
    #expect(log.allSatisfy { ($0["by"] as? String)?.hasPrefix("alice as ") == true })
    #expect(
      log.map { $0["client_address"] as? String } == ["192.0.2.7", "2001:db8::1", "2001:db8::1"])
  }

  @Test(
    "two admins at once: the second is told it was decided, and nothing changes",
    arguments: AdminEngine.allCases)
  func twoAdmins(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    try applicants(store)
    // While the first admin reads ada's application, a second one approves her.
    let replies = Replies(
      ["r", "spam", "q"],
      before: [0: { _ = store.admin(["approve", "ada"], environment: ["SUDO_USER": "bea"]) }])
    let run = store.admin(["review", "--plain"], input: replies.input)
    #expect(run.complaints.contains("ada was not rejected: it is active (decided already)"))
    #expect(try store.service.account("ada")?.state == .active)
    let log = try store.admin("log", "--json").objects()
    #expect(log.filter { $0["action"] as? String == "reject" }.isEmpty)
    #expect(log.filter { $0["action"] as? String == "approve" }.count == 1)
    #expect(run.lines.contains { $0.hasPrefix("bob: applied") }, "the queue goes on")
  }

  @Test("the answers show when the review is given them, escaped", arguments: AdminEngine.allCases)
  func answers(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    _ = try store.service.createAccount(login: "ada", password: "Zq7vLm2pR")
    let answers: AnswerSource = { _, login in
      [
        QuestionAnswer(name: "why", value: .text("\(login) teaches \u{1b}[2Jshell")),
        QuestionAnswer(name: "rules", value: .checked(true)),
      ]
    }
    let run = store.admin(["review", "--plain"], input: Replies(["q"]).input, answers: answers)
    #expect(run.lines.contains { $0.hasPrefix("  why: ada teaches") && $0.hasSuffix("shell") })
    #expect(run.lines.contains("  rules: yes"))
    #expect(!run.text.contains("\u{1b}"))
    let without = store.admin(["review", "--plain"], input: Replies(["q"]).input)
    #expect(!without.text.contains("why:"))
  }

  @Test(
    "on a terminal: the list, its keys, a reason asked for a rejection",
    arguments: AdminEngine.allCases)
  func screen(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    try applicants(store)
    let screen = MemoryScreen(size: Size(width: 100, height: 30))
    var seen: [String] = []
    screen.send(.text("a"))
    screen.send(.text("r"))
    screen.send(.text("b"), .text("o"), .text("t"), .key(Key(.enter)))
    let input = AdminInput(
      readLine: { nil }, screen: { screen },
      close: { seen = ($0 as? MemoryScreen)?.lines ?? [] })
    let run = store.admin(["review"], input: input)
    #expect(run.status == 0)
    #expect(try store.service.account("ada")?.state == .active)
    #expect(try store.service.account("bob") == nil)
    #expect(try store.service.account("carol")?.state == .pending)
    let text = seen.joined(separator: "\n")
    #expect(text.contains("Pending accounts: 1"))
    #expect(text.contains("carol") && text.contains("2001:db8::1"))
    #expect(text.contains("a approve  r reject  n note  s skip  q quit"))
    #expect(text.contains("Rejected bob."))
    let reject = try store.admin("log", "--json").objects().last
    #expect(reject?["action"] as? String == "reject")
    #expect(reject?["detail"] as? String == "bot")
  }

  @Test(
    "on a terminal of 80x24: the decision's answer shows under the list",
    arguments: AdminEngine.allCases)
  func smallTerminal(engine: AdminEngine) throws {
    let store = try AdminStore(engine)
    try applicants(store)
    let screen = MemoryScreen(size: Size(width: 80, height: 24))
    var seen: [String] = []
    screen.send(.text("a"))
    let input = AdminInput(
      readLine: { nil }, screen: { screen },
      close: { seen = ($0 as? MemoryScreen)?.lines ?? [] })
    #expect(store.admin(["review"], input: input).status == 0)
    #expect(try store.service.account("ada")?.state == .active)
    #expect(seen.contains { $0.contains("Approved ada.") }, "\(seen.joined(separator: "\n"))")
  }
}
