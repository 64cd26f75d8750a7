import Accounts
import Registration

/// Where `register admin review` reads an applicant's answers to the site's questions (the
/// store's `answers(of:)`); given none, the review shows no answers.
public typealias AnswerSource =
  (AccountService, String) throws(AccountStoreError) -> [QuestionAnswer]

/// One pending account as the review shows it: who, when, from where, and what they answered.
struct ReviewApplication: Equatable {
  let login: String
  let createdAt: String
  let clientAddress: String?
  /// nil when the review was given no way to read answers.
  let answers: [QuestionAnswer]?

  /// The answers, one line each (`why: I teach shell`, `rules: yes`), as typed, unescaped:
  /// whoever prints them escapes them.
  var answerLines: [String] {
    guard let answers else { return [] }
    guard !answers.isEmpty else { return ["(no answers)"] }
    return answers.map { answer in
      switch answer.value {
      case .text(let text): "\(answer.name): \(text)"
      case .checked(let checked): "\(answer.name): \(checked ? "yes" : "no")"
      }
    }
  }
}

/// The queue the review works through: the pending accounts, read again after every
/// decision so that another admin's decisions show.
struct ReviewDesk {
  let decisions: AccountDecisions
  let answers: AnswerSource?

  func pending() throws(AccountStoreError) -> [ReviewApplication] {
    var found: [AccountRecord] = []
    try decisions.service.forEachAccount(state: .pending, since: nil) { found.append($0) }
    var applications: [ReviewApplication] = []
    for record in found {
      let given = try answers.map { source throws(AccountStoreError) in
        try source(decisions.service, record.login)
      }
      applications.append(
        ReviewApplication(
          login: record.login, createdAt: record.createdAt, clientAddress: record.clientAddress,
          answers: given))
    }
    return applications
  }
}
