import Foundation
import Testing

/// The release binary run from a shell in `tmux` against one database, its output and exit
/// status kept in files: for the tests that run it several times, on the terminal and with
/// answers piped in (Change password, Reset password).
struct TmuxProgram {
  let tmux: Tmux
  let database: String
  let out: String
  let status: String
  /// Whether the output file takes the program's error stream too.
  let keepsErrors: Bool

  init(_ tmux: Tmux, keepsErrors: Bool = false) {
    self.tmux = tmux
    database = "\(tmux.directory)/accounts.sqlite"
    out = "\(tmux.directory)/out"
    status = "\(tmux.directory)/status"
    self.keepsErrors = keepsErrors
  }

  /// Runs the program with `answers` piped in (none: on the terminal), output to `out`.
  func run(_ arguments: String, answers: String? = nil) throws {
    let input = answers.map { "printf '\($0)' | " } ?? ""
    let errors = keepsErrors ? " 2>&1" : ""
    try tmux.shell(
      "clear; \(input)\(Tmux.binary) --db \(database) \(arguments) > \(out)\(errors);"
        + " echo $? > \(status)")
  }

  /// Waits for the program to end: its exit status.
  func finished() throws -> Int? {
    try tmux.wait(for: "the program to end") { _ in
      !((try? String(contentsOfFile: status, encoding: .utf8)) ?? "").isEmpty
    }
    defer { try? FileManager.default.removeItem(atPath: status) }
    return Int(
      try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(
        in: .whitespacesAndNewlines))
  }

  /// What the last run wrote.
  func output() throws -> String { try String(contentsOfFile: out, encoding: .utf8) }

  /// In the form, on the new password's field: types `password`, waits for "Hard to guess"
  /// to be struck, then types it again in the confirmation and waits for "Matches".
  func typeNewPasswordTwice(_ password: String) throws {
    try tmux.type(password)
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type(password)
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
  }
}
