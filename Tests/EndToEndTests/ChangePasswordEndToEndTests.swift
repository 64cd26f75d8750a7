import Foundation
import Testing

/// Change password through the release binary: an account made line by line, its password
/// changed in the form, then the old password refused and the new one signing in.
@Suite("Change password end to end", .serialized, .cleansUp)
struct ChangePasswordEndToEndTests {
  @Test("sign up with --plain, change the password in the form, sign in with the new one")
  func changeInTheForm() throws {
    let tmux = try Tmux()
    let database = "\(tmux.directory)/accounts.sqlite"
    let out = "\(tmux.directory)/out"
    let status = "\(tmux.directory)/status"
    /// Runs the program with `answers` piped in (none: on the terminal), output to `out`.
    func run(_ arguments: String, answers: String? = nil) throws {
      let input = answers.map { "printf '\($0)' | " } ?? ""
      try tmux.shell(
        "clear; \(input)\(Tmux.binary) --db \(database) \(arguments) > \(out); echo $? > \(status)")
    }
    func finished() throws -> Int? {
      try tmux.wait(for: "the program to end") { _ in
        !((try? String(contentsOfFile: status, encoding: .utf8)) ?? "").isEmpty
      }
      defer { try? FileManager.default.removeItem(atPath: status) }
      return Int(
        try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines))
    }
    func output() throws -> String { try String(contentsOfFile: out, encoding: .utf8) }

    try run("--plain", answers: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try finished() == 0)

    // The form: every field, the new password's rows struck, Enter in the last one.
    try run("--change-password")
    try tmux.wait(forText: "Change password")
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Tab")
    try tmux.type("Wt3kHs9xB")
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type("Wt3kHs9xB")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Enter")
    #expect(try finished() == 0)
    // Not a terminal: JSON, with the new hash, which is what the database holds.
    let json = try output()
    #expect(json.hasPrefix(#"{"login":"alice","password_hash":"$y$"#))
    #expect(json.contains(#","changed_at":""#))
    let stored = try command("/usr/bin/sqlite3", [database, "SELECT password_hash FROM accounts"])
    #expect(json.contains(stored.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let raw = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(raw.range(of: Data("Wt3kHs9xB".utf8)) == nil)
    // The terminal is given back: the shell's prompt, no form.
    #expect(try !tmux.screen().contains { $0.contains("Current password") })

    // The old password no longer signs in (status 5); the new one does.
    try run("--sign-in --plain", answers: "alice\\nZq7vLm2pR\\n")
    #expect(try finished() == 5)
    try run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try finished() == 0)
    #expect(try output().hasPrefix(#"{"login":"alice","signed_in_at":""#))

    // A script changing it back: one line for each question, status 0.
    try run("--change-password --plain", answers: "alice\\nWt3kHs9xB\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try finished() == 0)
    try run("--change-password --plain", answers: "alice\\nWt3kHs9xB\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try finished() == 5, "the current password is no longer that one")
  }
}
