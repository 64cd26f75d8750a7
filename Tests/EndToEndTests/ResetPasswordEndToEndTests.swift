import Foundation
import Testing

/// Reset password through the release binary: an account made line by line, a one-time code
/// from `register admin reset`, the new password set in the form, the code then used up.
@Suite("Reset password end to end", .serialized, .cleansUp)
struct ResetPasswordEndToEndTests {
  @Test("register admin reset, then --reset in the form; the code works once and is never shown")
  func resetInTheForm() throws {
    let tmux = try Tmux()
    let program = TmuxProgram(tmux, keepsErrors: true)
    let database = program.database

    try program.run("--plain", answers: "alice\\nZq7vLm2pR\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 0)
    let admin = try command(
      "/bin/sh", ["-c", "\(Tmux.binary) admin reset alice --db \(database) 2>&1"])
    #expect(admin.status == 0)
    let code = try #require(
      admin.output.split(whereSeparator: \.isWhitespace).last.map(String.init))

    // Sign in offers the screen.
    try program.run("--sign-in")
    try tmux.wait(forText: "Forgot your password?")
    try tmux.keys("Escape")
    try tmux.keys("Escape")
    #expect(try program.finished() == 1)

    // The form: the login, the code (hidden), the new password twice, Enter.
    try program.run("--reset")
    try tmux.wait(forText: "Reset password")
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type(code)
    try tmux.keys("Tab")
    try program.typeNewPasswordTwice("Wt3kHs9xB")
    #expect(try !tmux.screen().contains { $0.contains(code) }, "the code is never on screen")
    try tmux.keys("Enter")
    #expect(try program.finished() == 0)
    let json = try program.output()
    #expect(json.hasPrefix(#"{"login":"alice","password_hash":"$y$"#))
    #expect(!json.contains(code))
    let raw = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(raw.range(of: Data(code.utf8)) == nil, "stored hashed")

    // The old password no longer signs in (status 5); the new one does.
    try program.run("--sign-in --plain", answers: "alice\\nZq7vLm2pR\\n")
    #expect(try program.finished() == 5)
    try program.run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try program.finished() == 0)

    // The code again, by a script: status 5, one message, nothing changed.
    try program.run("--reset --plain", answers: "alice\\n\(code)\\nOther9Pass\\nOther9Pass\\n")
    #expect(try program.finished() == 5)
    let refused = try program.output()
    #expect(refused.contains("Wrong login or code, or the code has expired."))
    #expect(!refused.contains(code))
    try program.run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try program.finished() == 0)
  }
}
