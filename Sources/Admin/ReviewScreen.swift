import Accounts
import Registration
import Widgets

/// What the review screen shows and edits: the pending accounts, the selected one, the last
/// decision's answer, and the reason or note being typed.
@Observable final class ReviewQueue {
  var applications: [ReviewApplication] = []
  var selected = 0
  var status = ""
  var draft = ""

  var current: ReviewApplication? {
    applications.isEmpty ? nil : applications[min(max(0, selected), applications.count - 1)]
  }
}

/// `register admin review` on a terminal: the pending accounts in the toolkit's `List`, the
/// selected one's answers under it, and keys to approve, reject (asking a reason), note and
/// skip. Esc or q leaves.
final class ReviewScreen {
  /// How many answer lines show under the list, and how many rows the list shows: the
  /// decision's answer, last, must still fit a terminal of 24 rows.
  static let answerRows = 6
  static let listRows = 8

  private let desk: ReviewDesk
  private let application: Application
  private let queue = ReviewQueue()
  private var main = View()
  private var list: List?
  /// The store's error that ended the review, if one did.
  private var failure: AccountStoreError?
  private var status: Int32 = 0
  /// Set while a reason or a note is asked: what to do with it.
  private var asking: ((String) throws(AccountStoreError) -> AdminAnswer)?

  init(desk: ReviewDesk, screen: any Screen) {
    self.desk = desk
    application = Application(screen: screen, contentWidth: 100)
  }

  /// 0, or 4 when a hook failed at an approval; throws what the store threw.
  func run() throws(AccountStoreError) -> Int32 {
    try reload()
    main = makeMain()
    application.show(main)
    application.onCancel = { [unowned self] in
      if asking != nil { back() } else { application.stop() }
    }
    _ = application.run()
    if let failure { throw failure }
    return status
  }

  private func makeMain() -> View {
    let queue = queue
    let list = List(
      columns: ["Login", "Applied", "From"],
      rows: {
        queue.applications.map {
          [$0.login.escapedForTerminal, $0.createdAt, ($0.clientAddress ?? "-").escapedForTerminal]
        }
      },
      selection: Binding(queue, \.selected), visibleRows: Self.listRows,
      emptyText: "No one is waiting.",
      actions: [
        List.Action(Key(.character("a")), title: "a approve") { [unowned self] in
          decide($0) { login throws(AccountStoreError) in try self.desk.decisions.approve(login) }
        },
        List.Action(Key(.character("r")), title: "r reject") { [unowned self] in
          ask($0, "Why is it rejected (for the log)? Enter rejects, Esc goes back.") {
            login, reason throws(AccountStoreError) in
            try self.desk.decisions.reject(login, reason: reason.isEmpty ? nil : reason)
          }
        },
        List.Action(Key(.character("n")), title: "n note") { [unowned self] in
          ask($0, "A note for the log. Enter keeps it, Esc goes back.") {
            login, note throws(AccountStoreError) in
            note.isEmpty ? .done("") : try self.desk.decisions.note(login, note)
          }
        },
        List.Action(Key(.character("s")), title: "s skip") { [unowned self] in
          self.list?.select($0 + 1)
        },
        // Also with no one waiting: the list has no row then.
        List.Action(Key(.character("q")), title: "q quit", needsRow: false) { [unowned self] _ in
          application.stop()
        },
      ])
    self.list = list
    let answers = (0..<Self.answerRows).map { row in
      Label {
        let lines = queue.current?.answerLines ?? []
        return row < lines.count ? lines[row].escapedForTerminal : ""
      }
    }
    return VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
      Label({ "Pending accounts: \(queue.applications.count)" }, style: { $0.title })
      list
      VStack(answers)
      Label({ queue.status }, style: { $0.caption })
    }
  }

  /// Reads the queue again: another admin's decisions show.
  private func reload() throws(AccountStoreError) {
    queue.applications = try desk.pending()
    queue.selected = min(queue.selected, max(0, queue.applications.count - 1))
  }

  private func decide(
    _ index: Int, _ action: (String) throws(AccountStoreError) -> AdminAnswer
  ) {
    guard index < queue.applications.count else { return }
    let login = queue.applications[index].login
    do throws(AccountStoreError) {
      let answer = try action(login)
      if answer.status == 4 { status = 4 }
      if !answer.text.isEmpty { queue.status = answer.text }
      try reload()
    } catch {
      failure = error
      application.stop()
    }
  }

  private func ask(
    _ index: Int, _ question: String,
    _ action: @escaping (String, String) throws(AccountStoreError) -> AdminAnswer
  ) {
    guard index < queue.applications.count else { return }
    let login = queue.applications[index].login
    queue.draft = ""
    asking = { text throws(AccountStoreError) in try action(login, text) }
    let field = TextField(label: login.escapedForTerminal, text: Binding(queue, \.draft))
    field.onSubmit = { [unowned self] in
      let text = queue.draft.trimmingSpaces
      let perform = asking
      back()
      if let perform { decide(index) { _ throws(AccountStoreError) in try perform(text) } }
      return true
    }
    application.show(
      VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
        Label(question, style: { $0.title })
        field
      }, focus: field)
  }

  private func back() {
    asking = nil
    application.show(main, focus: list)
  }
}
