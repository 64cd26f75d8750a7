/// "Hard to guess": the host's password policy asked about the password the way "Login is
/// free" asks the store. A pause after the last change of the password (or of the login,
/// which the policy compares it with), then one call on a worker; not again for the same
/// pair; only the answer for what is in the fields now may show, and "checking" meanwhile.
final class PasswordPolicyCheck {
  /// What the policy is asked: the password, and the login it must not resemble.
  struct Question: Hashable {
    let password: String
    let login: String
  }

  private let status: RequirementStatus
  private let policy: any PasswordPolicy
  private let scheduler: any Scheduler
  private let strings: Strings
  private let delay: Duration
  /// Called when an answer changed the row, so that the form re-decides `canSubmit`.
  var answered: () -> Void
  private var timer: (any Cancellable)?
  /// What the fields hold now.
  private var current = Question(password: "", login: "")
  /// The last question asked (after the pause), and its answer once it came.
  private var asked: Question?
  private var answer: PasswordVerdict?

  init(
    status: RequirementStatus, policy: any PasswordPolicy, scheduler: any Scheduler,
    strings: Strings, delay: Duration, answered: @escaping () -> Void
  ) {
    self.status = status
    self.policy = policy
    self.scheduler = scheduler
    self.strings = strings
    self.delay = delay
    self.answered = answered
  }

  /// The password or the login changed: shows what is known, asks after a pause if needed.
  func update(password: String, login: String) {
    let question = Question(password: password, login: login)
    guard question != current else { return }
    current = question
    refresh()
  }

  /// The form shows again: a pause that was cut short starts over.
  func resume() {
    refresh()
  }

  /// The person has finished typing (they pressed Sign up): a pause still running is cut
  /// short and the policy asked at once.
  func askNow() {
    guard timer != nil else { return }
    cancel()
    ask()
  }

  func cancel() {
    timer?.cancel()
    timer = nil
  }

  private func refresh() {
    let question = current
    cancel()
    if question.password.isEmpty {
      status.update(.unmet, note: nil)
    } else if question == asked, let answer {
      show(answer)
    } else {
      status.update(.checking, note: nil)
      timer = scheduler.schedule(after: delay) { [weak self] in self?.ask() }
    }
  }

  /// Asks about what the fields hold, unless that very question was the last one asked
  /// (its answer is on the way or already shown).
  private func ask() {
    let question = current
    guard question != asked else { return }
    asked = question
    answer = nil
    let policy = policy
    scheduler.perform({ policy.check(password: question.password, login: question.login) }) {
      [weak self] verdict in
      // A newer question has been asked since: this answer is stale.
      guard let self, asked == question else { return }
      answer = verdict
      // Only the answer for the text now in the fields may show.
      if current == question {
        show(verdict)
        answered()
      }
    }
  }

  private func show(_ verdict: PasswordVerdict) {
    switch verdict {
    case .accepted: status.update(.met, note: nil)
    case .refused(let refusal): status.update(.unmet, note: strings.passwordRefusal(refusal))
    }
  }
}
