import Accounts
import Registration
import TestSupport
import Testing

/// The answers to the site's questions, stored with the account in the insert's
/// transaction, read back for reviewers and for the hand-off at approval.
@Suite("Answers are stored with the account, on every engine")
struct AnswerStoreTests {
  static let answers = [
    QuestionAnswer(name: "email", value: .text("alice@example.org")),
    QuestionAnswer(name: "why", value: .text("To learn.\nAnd to share.")),
    QuestionAnswer(name: "membership", value: .text("Student")),
    QuestionAnswer(name: "rules", value: .checked(true)),
    QuestionAnswer(name: "newsletter", value: .checked(false)),
    QuestionAnswer(name: "nick", value: .text("")),
  ]

  static func signUp(_ login: String, answers: [QuestionAnswer] = answers) -> SignUp {
    SignUp(login: login, password: "Zq7vLm2pR", details: SignUpDetails(answers: answers))
  }

  @Test("read back in the site file's order, by any store on the data", arguments: Engine.allCases)
  func readBack(engine: Engine) throws {
    let store = try engine.makeStore()
    let made = try store.createAccount(Self.signUp("alice"))
    #expect(made.answers == Self.answers)
    _ = try store.createAccount(login: "bobby", password: "Zq7vLm2pR")
    #expect(try store.service.answers(of: "alice") == Self.answers)
    #expect(try store.again().answers(of: "ALICE") == Self.answers, "by identity, like a login")
    #expect(try store.service.answers(of: "bobby").isEmpty)
    #expect(try store.service.answers(of: "nobody").isEmpty)
    #expect(try store.service.answers(of: "").isEmpty)
  }

  @Test(
    "a refused sign-up stores no answers, and answers that cannot be stored leave no account",
    arguments: Engine.allCases)
  func oneTransaction(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(Self.signUp("alice"))
    #expect(throws: AccountStoreError.loginTaken) {
      try store.createAccount(
        Self.signUp("alice", answers: [QuestionAnswer(name: "email", value: .text("x@y"))]))
    }
    #expect(try store.service.answers(of: "alice") == Self.answers)
    // Two answers under one name break the table's key: the account goes with them.
    let twice = [
      QuestionAnswer(name: "email", value: .text("a@b")),
      QuestionAnswer(name: "email", value: .text("c@d")),
    ]
    #expect(throws: AccountStoreError.self) {
      try store.createAccount(Self.signUp("carol", answers: twice))
    }
    #expect(try store.availability(of: "carol") == .free)
    #expect(try store.service.account("carol") == nil)
  }

  @Test("a deleted account's answers go with it", arguments: Engine.allCases)
  func deleted(engine: Engine) throws {
    let store = try engine.makeStore()
    _ = try store.createAccount(Self.signUp("alice"))
    #expect(try store.deleteAccount(login: "alice"))
    _ = try store.createAccount(login: "alice", password: "Zq7vLm2pR")
    #expect(try store.service.answers(of: "alice").isEmpty)
  }

  @Test(
    "a pending account keeps its answers for review and hands them on at approval",
    arguments: Engine.allCases)
  func pending(engine: Engine) throws {
    let store = try engine.makeStore(options: StoreOptions(review: true))
    #expect(try store.createAccount(Self.signUp("alice")).state == .pending)
    #expect(try store.service.answers(of: "alice") == Self.answers)
    #expect(try store.service.accountToHandOn("alice")?.account.answers == Self.answers)
  }
}
