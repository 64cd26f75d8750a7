/// What one action of an admin came to: a line for stdout when it was done, for stderr when
/// it was not, and the exit status. The text is escaped already.
struct AdminAnswer: Equatable {
  let text: String
  let status: Int32

  var isDone: Bool { status == 0 }

  static func done(_ text: String) -> AdminAnswer { AdminAnswer(text: text, status: 0) }

  /// Not done: 1 nothing done (no account, decided already), 4 a hook failed.
  static func refused(_ text: String, status: Int32 = 1) -> AdminAnswer {
    AdminAnswer(text: text, status: status)
  }

  /// Writes it where it belongs; its exit status.
  func write(to output: AdminOutput) -> Int32 {
    if isDone { output.line(text) } else { output.complaint(text) }
    return status
  }
}
