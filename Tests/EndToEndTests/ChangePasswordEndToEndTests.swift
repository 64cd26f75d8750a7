import Foundation
import Testing

/// Change password through the release binary: an account made line by line, its password
/// changed in the form, then the old password refused and the new one signing in.
@Suite("Change password end to end", .serialized, .cleansUp)
struct ChangePasswordEndToEndTests {
  @Test("sign up with --plain, change the password in the form, sign in with the new one")
  func changeInTheForm() throws {
    let tmux = try Tmux()
    let program = TmuxProgram(tmux)
    let database = program.database

    try program.run("--plain", answers: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 0)

    // The form: every field, the new password's rows struck, Enter in the last one.
    try program.run("--change-password")
    try tmux.wait(forText: "Change password")
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Tab")
    try program.typeNewPasswordTwice("Wt3kHs9xB")
    try tmux.keys("Enter")
    #expect(try program.finished() == 0)
    // Not a terminal: JSON, with the new hash, which is what the database holds.
    let json = try program.output()
    #expect(json.hasPrefix(#"{"login":"alice","password_hash":"$y$"#))
    #expect(json.contains(#","changed_at":""#))
    let stored = try command("/usr/bin/sqlite3", [database, "SELECT password_hash FROM accounts"])
    #expect(json.contains(stored.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let raw = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(raw.range(of: Data("Wt3kHs9xB".utf8)) == nil)
    // The terminal is given back: the shell's prompt, no form.
    #expect(try !tmux.screen().contains { $0.contains("Current password") })

    // The old password no longer signs in (status 5); the new one does.
    try program.run("--sign-in --plain", answers: "alice\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 5)
    try program.run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try program.finished() == 0)
    #expect(try program.output().hasPrefix(#"{"login":"alice","signed_in_at":""#))

    // A script changing it back: one line for each question, status 0.
    try program.run(
      "--change-password --plain", answers: "alice\\nWt3kHs9xB\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 0)
    try program.run(
      "--change-password --plain", answers: "alice\\nWt3kHs9xB\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 5, "the current password is no longer that one")
  }
}
