import Foundation
import Testing

/// Reset password through the release binary: an account made line by line, a one-time code
/// from `register admin reset`, the new password set in the form, the code then used up.
@Suite("Reset password end to end", .serialized, .cleansUp)
struct ResetPasswordEndToEndTests {
  @Test("register admin reset, then --reset in the form; the code works once and is never shown")
  func resetInTheForm() throws {
    let tmux = try Tmux()
    let database = "\(tmux.directory)/accounts.sqlite"
    let out = "\(tmux.directory)/out"
    let status = "\(tmux.directory)/status"
    /// Runs the program with `answers` piped in (none: on the terminal), output to `out`.
    func run(_ arguments: String, answers: String? = nil) throws {
      let input = answers.map { "printf '\($0)' | " } ?? ""
      try tmux.shell(
        "clear; \(input)\(Tmux.binary) --db \(database) \(arguments) > \(out) 2>&1;"
          + " echo $? > \(status)")
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
    let admin = try command(
      "/bin/sh", ["-c", "\(Tmux.binary) admin reset alice --db \(database) 2>&1"])
    #expect(admin.status == 0)
    let code = try #require(
      admin.output.split(whereSeparator: \.isWhitespace).last.map(String.init))

    // Sign in offers the screen.
    try run("--sign-in")
    try tmux.wait(forText: "Forgot your password?")
    try tmux.keys("Escape")
    try tmux.keys("Escape")
    #expect(try finished() == 1)

    // The form: the login, the code (hidden), the new password twice, Enter.
    try run("--reset")
    try tmux.wait(forText: "Reset password")
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type(code)
    try tmux.keys("Tab")
    try tmux.type("Wt3kHs9xB")
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.keys("Tab")
    try tmux.type("Wt3kHs9xB")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    #expect(try !tmux.screen().contains { $0.contains(code) }, "the code is never on screen")
    try tmux.keys("Enter")
    #expect(try finished() == 0)
    let json = try output()
    #expect(json.hasPrefix(#"{"login":"alice","password_hash":"$y$"#))
    #expect(!json.contains(code))
    let raw = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(raw.range(of: Data(code.utf8)) == nil, "stored hashed")

    // The old password no longer signs in (status 5); the new one does.
    try run("--sign-in --plain", answers: "alice\\nZq7vLm2pR\\n")
    #expect(try finished() == 5)
    try run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try finished() == 0)

    // The code again, by a script: status 5, one message, nothing changed.
    try run("--reset --plain", answers: "alice\\n\(code)\\nOther9Pass\\nOther9Pass\\n")
    #expect(try finished() == 5)
    let refused = try output()
    #expect(refused.contains("Wrong login or code, or the code has expired."))
    #expect(!refused.contains(code))
    try run("--sign-in --plain", answers: "alice\\nWt3kHs9xB\\n")
    #expect(try finished() == 0)
  }
}
