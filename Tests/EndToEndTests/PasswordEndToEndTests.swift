import Foundation
import Testing

/// The host's password policy and the strength meter in the release binary: the form in
/// tmux, line by line through a pipe, and the --password-policy flag.
@Suite("Passwords end to end", .serialized, .cleansUp)
struct PasswordEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("register-passwords")
  }

  var database: String { folder.path("accounts.sqlite") }

  func file(_ name: String) -> String { folder.path(name) }

  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  @Test("a weak password shows why, a strong one is struck; the meter moves; sign up")
  func form() throws {
    let tmux = try Tmux()
    try tmux.shell(
      "\(Tmux.binary) --db \(database) --json > \(file("out")); echo $? > \(file("status")); "
        + "clear; echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Tab")
    try tmux.type("Secret123")
    try tmux.wait(forText: "✗ Easy to guess: based on a dictionary word")
    try tmux.wait(forText: "Strength ▰▱▱▱ weak")
    try tmux.keys("C-u")
    try tmux.type("alice2026")
    try tmux.wait(forText: "✗ Easy to guess: contains the login")
    try tmux.wait(forText: "Strength ▱▱▱▱ very weak")
    try tmux.keys("C-u")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")
    try tmux.wait(forText: "Strength ▰▰▰▰ strong")
    #expect(try !tmux.screen().joined().contains("Zq7v"), "the password never shows")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "=42=")
    #expect((try? String(contentsOfFile: file("status"), encoding: .utf8)) == "0\n")
    let out = (try? String(contentsOfFile: file("out"), encoding: .utf8)) ?? ""
    #expect(out.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
  }

  @Test("line by line: the reason and the strength word; a script with a weak password gets exit 1")
  func plain() throws {
    let weak = try sh(
      "printf 'alice\\nalice2026\\nalice2026\\n' | \(Tmux.binary) --db \(database) 2>&1 >/dev/null")
    #expect(weak.status == 1)
    #expect(
      weak.output.contains("  [ ] Easy to guess: contains the login\n  Strength: very weak\n"))
    #expect(!weak.output.contains("alice2026"), "no password in the dialogue")
    let strong = try sh(
      "printf 'alice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) --lang ru 2>&1")
    #expect(strong.status == 0)
    #expect(strong.output.contains("  [x] Трудно угадать\n  Надёжность: высокая\n"))
  }

  @Test("a policy file that asks for 12 characters changes the length row")
  func policyFile() throws {
    try "minlen = 12\n".write(toFile: file("pwquality.conf"), atomically: true, encoding: .utf8)
    let short = try sh(
      "printf 'alice\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) --password-policy \(file("pwquality.conf")) 2>&1"
    )
    #expect(short.status == 1)
    #expect(short.output.contains("  [ ] At least 12 characters\n"))
    let long = try sh(
      "printf 'alice\\nZq7vLm2pR-x4k\\nZq7vLm2pR-x4k\\n' | \(Tmux.binary) --db \(database) --password-policy=\(file("pwquality.conf")) 2>&1"
    )
    #expect(long.status == 0)
    #expect(long.output.contains("  [x] At least 12 characters\n"))
  }

  @Test("a policy file that cannot be read: one line on stderr, status 2")
  func unreadable() throws {
    let missing = try command(Tmux.binary, ["--password-policy", file("none.conf")])
    #expect(missing.status == 2)
    #expect(
      missing.output
        == "register: cannot use the password policy \(file("none.conf")): the file cannot be read\n"
    )
    try "minlen = twelve\n".write(toFile: file("bad.conf"), atomically: true, encoding: .utf8)
    let bad = try command(Tmux.binary, ["--password-policy", file("bad.conf"), "--lang", "ru"])
    #expect(bad.status == 2)
    #expect(bad.output.hasSuffix(": для «minlen» нужно указать число\n"))
  }

  @Test("off: no policy row, a weak password is taken (for demos)")
  func off() throws {
    let result = try sh(
      "printf 'alice\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --db \(database) --password-policy off 2>&1"
    )
    #expect(result.status == 0)
    #expect(!result.output.contains("Hard to guess"))
    #expect(result.output.contains("  Strength: weak\n"), "the meter stays: it is advisory")
  }

  @Test("sign in never applies the policy: an account with a weak password signs in")
  func signIn() throws {
    _ = try sh(
      "printf 'alice\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --db \(database) --password-policy off >/dev/null 2>&1"
    )
    let result = try sh(
      "printf 'alice\\nSecret123\\n' | \(Tmux.binary) --sign-in --db \(database) 2>/dev/null")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("{\"login\":\"alice\",\"signed_in_at\":\""))
  }
}
