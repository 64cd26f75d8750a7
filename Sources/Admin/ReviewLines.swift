import Accounts
import Registration
import Terminal

/// `register admin review` line by line (off a terminal, or `--plain`): each pending account
/// in turn, oldest first, and a question: approve, reject (with a reason), note, skip, quit.
struct ReviewLines {
  let desk: ReviewDesk
  let input: AdminInput
  let output: AdminOutput

  /// 0, or 4 when a hook failed at an approval.
  func run() throws(AccountStoreError) -> Int32 {
    var skipped: Set<String> = []
    var status: Int32 = 0
    while true {
      let waiting = try desk.pending().filter { !skipped.contains($0.login) }
      guard let next = waiting.first else {
        output.line(skipped.isEmpty ? "No one is waiting." : "No one else is waiting.")
        return status
      }
      show(next, waiting: waiting.count)
      asking: while true {
        output.line("[a]pprove, [r]eject, [n]ote, [s]kip, [q]uit?")
        guard let reply = input.readLine() else { return status }
        switch reply.trimmingSpaces.lowercased() {
        case "a", "approve":
          let answer = try desk.decisions.approve(next.login)
          if answer.status == 4 { status = 4 }
          _ = answer.write(to: output)
          break asking
        case "r", "reject":
          output.line("Why is \(next.login.escapedForTerminal) rejected (for the log)?")
          guard let reason = input.readLine() else { return status }
          let given = reason.trimmingSpaces
          _ = try desk.decisions.reject(next.login, reason: given.isEmpty ? nil : given)
            .write(to: output)
          break asking
        case "n", "note":
          output.line("Note on \(next.login.escapedForTerminal) (for the log):")
          guard let note = input.readLine() else { return status }
          let given = note.trimmingSpaces
          if !given.isEmpty { _ = try desk.decisions.note(next.login, given).write(to: output) }
        case "s", "skip":
          skipped.insert(next.login)
          break asking
        case "q", "quit":
          return status
        default:
          output.complaint("answer a, r, n, s or q")
        }
      }
    }
  }

  private func show(_ application: ReviewApplication, waiting: Int) {
    output.line("")
    output.line(
      "\(application.login.escapedForTerminal): applied \(application.createdAt) from "
        + "\((application.clientAddress ?? "an unknown address").escapedForTerminal) "
        + "(\(waiting) waiting)")
    for line in application.answerLines { output.line("  " + line.escapedForTerminal) }
  }
}

extension String {
  /// Without the spaces and tabs around it.
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
