/// A requirement answered by asking something slow: the account store ("Login is free"),
/// the host's password policy ("Hard to guess"), and whatever comes next. A pause after the
/// last change of what it asks about, then one call on a worker; not again for the same
/// question; an answer for an older question is dropped, and only the answer for what the
/// fields hold now may show ("checking" meanwhile). A call that fails is no answer: it is
/// asked again when the question changes, or at once when the person submits.
final class DebouncedCheck<Question: Hashable & Sendable, Answer: Sendable> {
  /// What an answer makes the row say.
  typealias Verdict = (state: RequirementStatus.State, note: String?, offer: RequirementOffer?)

  private let status: RequirementStatus
  private let scheduler: any Scheduler
  private let delay: Duration
  private let ask: @Sendable (Question) -> Result<Answer, AccountStoreError>
  private let verdict: (Answer) -> Verdict
  /// Called after an answer for the question asked last (or its failure), so that the
  /// form decides again and a submission that waited goes on.
  private let answered: (AccountStoreError?) -> Void
  private var timer: (any Cancellable)?
  /// What the fields hold now; nil: nothing to ask (the row is unmet, with no reason).
  private var current: Question?
  /// The last question asked (after the pause), and its answer once it came.
  private var asked: Question?
  private var answer: Answer?
  /// The last call for the current question failed: submitting asks again at once.
  private(set) var hasFailed = false

  init(
    status: RequirementStatus, scheduler: any Scheduler, delay: Duration,
    ask: @escaping @Sendable (Question) -> Result<Answer, AccountStoreError>,
    verdict: @escaping (Answer) -> Verdict, answered: @escaping (AccountStoreError?) -> Void
  ) {
    self.status = status
    self.scheduler = scheduler
    self.delay = delay
    self.ask = ask
    self.verdict = verdict
    self.answered = answered
  }

  /// What the fields hold changed: shows what is known, asks after a pause if needed.
  func update(_ question: Question?) {
    guard question != current else { return }
    current = question
    refresh()
  }

  /// Shows what is known of the current question and, if nothing is, asks after a pause
  /// (the form shows again: a pause cut short starts over).
  func refresh() {
    cancel()
    hasFailed = false
    guard let question = current else {
      status.update(.unmet)
      return
    }
    if question == asked, let answer {
      show(answer)
    } else {
      status.update(.checking)
      timer = scheduler.schedule(after: delay) { [weak self] in
        self?.timer = nil
        self?.askCurrent()
      }
    }
  }

  /// Forgets every answer (what it asks may have changed meanwhile: the store, when the
  /// form shows again).
  func forget() {
    asked = nil
    answer = nil
  }

  /// A question whose call failed is asked again, at once (the person submitted and waits).
  func retry() {
    guard hasFailed else { return }
    hasFailed = false
    status.update(.checking)
    askCurrent()
  }

  /// The person has finished typing (they submitted): a pause still running is cut short.
  func askNow() {
    guard timer != nil else { return }
    cancel()
    askCurrent()
  }

  /// An answer learnt otherwise (the store refused a login as taken when creating it).
  func learn(_ answer: Answer, for question: Question) {
    guard current == question else { return }
    asked = question
    self.answer = answer
    show(answer)
  }

  /// The form is hidden: no question waits.
  func cancel() {
    timer?.cancel()
    timer = nil
  }

  /// Asks about what the fields hold, unless that very question was the last one asked
  /// (its answer is on the way or already shown).
  private func askCurrent() {
    guard let question = current, question != asked else { return }
    asked = question
    answer = nil
    let ask = ask
    scheduler.perform({ ask(question) }) { [weak self] result in
      // A newer question has been asked since: this answer is stale.
      guard let self, asked == question else { return }
      switch result {
      case .success(let answer):
        self.answer = answer
        // Only the answer for the text now in the fields may show.
        if current == question { show(answer) }
        answered(nil)
      case .failure(let error):
        // Not an answer: forgotten, so the next change, or submitting, asks again.
        asked = nil
        hasFailed = current == question
        if current == question { status.update(.unmet) }
        answered(error)
      }
    }
  }

  private func show(_ answer: Answer) {
    let (state, note, offer) = verdict(answer)
    status.update(state, note: note, offer: offer)
  }
}
