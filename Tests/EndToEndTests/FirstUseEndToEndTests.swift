import Foundation
import Testing

/// The steps where a person new to the program got stuck, with the release binary.
@Suite("First use end to end", .serialized, .cleansUp)
struct FirstUseEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("first-use")
  }

  var database: String { folder.path("accounts.sqlite") }

  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  @Test("line by line, a wrong password is told once and exits 5, which --help documents")
  func wrongPasswordStatus() throws {
    _ = try sh(
      "printf 'erin\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) >/dev/null 2>&1")
    let wrong = try sh(
      "printf 'erin\\nwrong\\n' | \(Tmux.binary) --sign-in --db \(database) 2>&1 >/dev/null")
    #expect(wrong.status == 5)
    #expect(wrong.output.components(separatedBy: "Wrong login or password.").count == 2)
    #expect(!wrong.output.contains("requirements"), "no second, misleading line")
    let cancelled = try sh("\(Tmux.binary) --sign-in --db \(database) < /dev/null 2>/dev/null")
    #expect(cancelled.status == 1, "input that ends is not a wrong password")
    for language in ["en", "ru"] {
      let help = try command(Tmux.binary, ["--help", "--lang", language])
      #expect(help.output.contains("5 "), "\(language): --help names status 5")
    }
  }

  /// Starts the form in a new session, its status written to `status` when it ends.
  func start(_ arguments: String = "", width: Int = 80, height: Int = 24) throws -> Tmux {
    let tmux = try Tmux(width: width, height: height)
    try tmux.shell(
      "clear; \(Tmux.binary) --db \(database) \(arguments) > \(folder.path)/out; "
        + "echo $? > \(folder.path)/status")
    try tmux.wait(forText: "Create account")
    return tmux
  }

  /// The form's exit status, once it has ended.
  func status(_ tmux: Tmux) throws -> Int? {
    let file = folder.path("status")
    try tmux.wait(for: "the program to end") { _ in
      (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix("\n") == true
    }
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try FileManager.default.removeItem(atPath: file)
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test("a password pasted with a trailing newline can be typed again in Confirm")
  func pastedPassword() throws {
    let tmux = try start()
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.paste("Zq7vLm2pR\n")
    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")
    try tmux.keys("Enter")
    #expect(try status(tmux) == 0, "Enter in the last field creates the account")
    let signIn = try sh(
      "printf 'alice\\nZq7vLm2pR\\n' | \(Tmux.binary) --sign-in --db \(database) 2>/dev/null")
    #expect(signIn.status == 0, "the password has no space at its end")
  }

  @Test("a taken login says so, and Sign in instead carries it over")
  func takenLogin() throws {
    _ = try sh(
      "printf 'alice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --db \(database) >/dev/null 2>&1")
    let tmux = try start()
    try tmux.type("al")
    try tmux.wait(forText: "✗ Login is free")
    try tmux.type("ice")
    try tmux.wait(forText: "✗ This login is taken. Sign in instead?")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "No account yet? Create one")
    #expect(try tmux.screen().contains { $0.contains("alice") }, "the login came along")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Enter")
    #expect(try status(tmux) == 0)
    let out = try String(contentsOf: URL(fileURLWithPath: folder.path("out")), encoding: .utf8)
    #expect(out.hasPrefix("{\"login\":\"alice\",\"signed_in_at\""))
  }

  @Test("at 20x12 the focused link shows whole, and a mark says there is more")
  func narrowTerminal() throws {
    let tmux = try start(width: 20, height: 12)
    try tmux.wait(forText: "▼")
    try tmux.keys("BTab")
    try tmux.wait(forText: "▲")
    let lines = try tmux.screen().map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.joined(separator: " ").contains("Already have an account? Sign in"))
    try tmux.keys("Escape")
    #expect(try status(tmux) == 1)
  }

  @Test("the README's picture is the real screen")
  func readmePicture() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let block = text.components(separatedBy: "```\n")[1]
    let picture = block.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    // What the picture shows: alice typed and found free, a password the host's policy
    // refuses, with the reason and the meter.
    let tmux = try start()
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    try tmux.keys("Tab")
    try tmux.type("Secret123")
    try tmux.wait(forText: "✗ Easy to guess: based on a dictionary word")
    var screen = try tmux.screen().map {
      $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    // Blank rows above and below the form are not part of the picture.
    while screen.last?.isEmpty == true { screen.removeLast() }
    while screen.first?.isEmpty == true { screen.removeFirst() }
    var shown = picture
    while shown.last?.isEmpty == true { shown.removeLast() }
    #expect(
      shown == screen,
      "README.md shows:\n\(shown.joined(separator: "\n"))\nThe screen:\n\(screen.joined(separator: "\n"))"
    )
    try tmux.keys("Escape")
    _ = try status(tmux)
  }
}
