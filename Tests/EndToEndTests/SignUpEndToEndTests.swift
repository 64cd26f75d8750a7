import Foundation
import Testing

/// The release binary in tmux at 80x24, used as a person would use it.
@Suite("End to end", .serialized, .cleansUp)
struct SignUpEndToEndTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory("register-e2e")
    #expect(
      FileManager.default.isExecutableFile(atPath: Tmux.binary),
      "build the release binary first: make test does")
  }

  func file(_ name: String) -> String { directory.path(name) }

  func contents(_ name: String) -> String {
    (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
  }

  /// Runs the binary in the pane with stdout to a file, then records the exit status and
  /// the terminal settings before and after.
  func start(_ tmux: Tmux, arguments: String = "--json") throws {
    try tmux.shell(
      "stty -g > \(file("stty-before")); \(Tmux.binary) --db \(file("accounts.sqlite")) \(arguments) > \(file("out")); "
        + "echo $? > \(file("status")); stty -g > \(file("stty-after")); clear; \(Self.doneCommand)"
    )
  }

  /// Prints `=42=`, a text that the command line itself does not hold, when a run is over.
  static let doneCommand = "echo =$((40+2))="

  func finished(_ tmux: Tmux) throws -> Int? {
    try tmux.wait(forText: "=42=")
    return Int(contents("status").trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test("fill the form, watch the rows strike, sign up, get JSON and a sane terminal")
  func signUp() throws {
    let tmux = try Tmux()
    try start(tmux)
    try tmux.wait(forText: "Create account")
    try tmux.wait(forText: "✗ At least 4 characters")

    try tmux.type("alice")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶4̶")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    let login = try tmux.screen().firstIndex { $0.contains("alice") }!
    #expect(try tmux.cursor() == (x: 22, y: login))

    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ O̶n̶e̶ ̶u̶p̶p̶e̶r̶c̶a̶s̶e̶")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶8̶")
    #expect(try !tmux.screen().joined().contains("Zq7v"), "the password never shows")
    try tmux.wait(forText: "✓ H̶a̶r̶d̶ ̶t̶o̶ ̶g̶u̶e̶s̶s̶")

    try tmux.keys("Tab")
    try tmux.type("Zq7vLm2pR")
    try tmux.wait(forText: "✓ M̶a̶t̶c̶h̶e̶s̶")

    try tmux.keys("Tab", "Enter")
    #expect(try finished(tmux) == 0)
    let result =
      try JSONSerialization.jsonObject(with: Data(contents("out").utf8)) as? [String: String]
    #expect(result?["login"] == "alice")
    #expect(result?["password_hash"]?.hasPrefix("$y$") == true)
    #expect(result?["created_at"]?.hasSuffix("Z") == true)
    #expect(contents("out").hasPrefix("{\"login\":\"alice\","), "login is the first key")
    #expect(!contents("out").contains("Zq7vLm2pR"))
    #expect(contents("stty-before") == contents("stty-after"))
    #expect(!contents("stty-before").isEmpty)
  }

  @Test("Esc leaves with status 1 and prints nothing")
  func escape() throws {
    let tmux = try Tmux()
    try start(tmux)
    try tmux.wait(forText: "Create account")
    try tmux.type("bob")
    try tmux.keys("Escape")
    #expect(try finished(tmux) == 1)
    #expect(contents("out").isEmpty)
    #expect(contents("stty-before") == contents("stty-after"))
  }

  @Test("Ctrl-C leaves with status 130 and prints nothing")
  func interrupt() throws {
    let tmux = try Tmux()
    try start(tmux)
    try tmux.wait(forText: "Create account")
    try tmux.keys("C-c")
    #expect(try finished(tmux) == 130)
    #expect(contents("out").isEmpty)
    #expect(contents("stty-before") == contents("stty-after"))
  }

  @Test("an unknown flag: one line on stderr, status 2")
  func unknownFlag() throws {
    let result = try command(Tmux.binary, ["--frobnicate"])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("register: unknown option '--frobnicate'"))
  }

  @Test("an unknown TERM: a one-line note, then the questions line by line")
  func unknownTerminal() throws {
    let tmux = try Tmux()
    try tmux.shell(
      "TERM=no-such-terminal \(Tmux.binary) --db \(file("accounts.sqlite")) > \(file("out")); "
        + "echo $? > \(file("status")); " + Self.doneCommand)
    try tmux.wait(forText: "register: unknown terminal type 'no-such-terminal'")
    try tmux.wait(forText: "Login:")
    try tmux.type("alice")
    try tmux.keys("Enter")
    try tmux.wait(forText: "[x] Login is free")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Enter")
    try tmux.wait(forText: "[x] One uppercase letter")
    #expect(try !tmux.screen().joined().contains("Zq7vLm2pR"), "typed with echo off")
    try tmux.type("Zq7vLm2pR")
    try tmux.keys("Enter")
    #expect(try finished(tmux) == 0)
    #expect(contents("out").hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"))
  }
}
