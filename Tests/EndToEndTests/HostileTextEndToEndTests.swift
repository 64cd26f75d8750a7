import Foundation
import Testing

/// Control and format characters from users, through the release binary: nothing it
/// writes (result, echo, messages) carries them raw, so a login cannot retitle or recolour
/// the terminal. Bytes are checked, not text.
@Suite("Hostile text end to end", .cleansUp)
struct HostileTextEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("hostile")
  }

  var database: String { folder.path("accounts.sqlite") }

  /// Runs a shell script with stdout and stderr in files; the status and both, as bytes.
  func run(_ script: String) throws -> (status: Int32, stdout: Data, stderr: Data) {
    let out = folder.path("stdout")
    let err = folder.path("stderr")
    let status = try command("/bin/sh", ["-c", "(\(script)) >\(out) 2>\(err)"]).status
    return (
      status, try Data(contentsOf: URL(fileURLWithPath: out)),
      try Data(contentsOf: URL(fileURLWithPath: err))
    )
  }

  /// C0 controls but the line break, DEL, and C1 controls in their UTF-8 form.
  static func rawControls(_ bytes: Data) -> [String] {
    var found: [String] = []
    let array = [UInt8](bytes)
    for (index, byte) in array.enumerated() {
      if (byte < 0x20 && byte != 0x0A) || byte == 0x7F {
        found.append(String(format: "0x%02X at %d", byte, index))
      } else if byte == 0xC2, index + 1 < array.count, (0x80...0x9F).contains(array[index + 1]) {
        found.append(String(format: "U+%04X at %d", array[index + 1], index))
      }
    }
    return found
  }

  @Test("a password that is not UTF-8, piped: said why, nothing created, exit 1")
  func invalidUTF8() throws {
    let result = try run(
      "printf 'dora\\nSecret\\377123\\nSecret\\377123\\n' | "
        + "\(Tmux.binary) --plain --password-policy off --db \(database)")
    #expect(result.status == 1)
    let said = String(decoding: result.stderr, as: UTF8.self)
    #expect(said.contains("Set your terminal to UTF-8: this answer is not valid UTF-8."), "\(said)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a login with an OSC title change, piped: no raw ESC on stdout or stderr")
  func oscLogin() throws {
    let result = try run(
      "printf 'al\\033]0;PWNED\\007ice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db \(database)"
    )
    #expect(Self.rawControls(result.stdout).isEmpty, "stdout")
    #expect(Self.rawControls(result.stderr).isEmpty, "stderr")
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    #expect(stderr.contains("Login: al\\u{1B}]0;PWNED\\u{7}ice\n"), "the echo, escaped")
    // Whether such a login may be created is the login rules' business; if it is, the
    // JSON result holds it whole.
    if result.status == 0 {
      let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: String]
      #expect(object?["login"] == "al\u{1B}]0;PWNED\u{7}ice")
    }
  }

  @Test("C1 controls, DEL, bidi overrides and line separators, piped")
  func otherControls() throws {
    // b U+009B o DEL b U+202E y U+2028 U+2066
    let login = "b\\302\\233o\\177b\\342\\200\\256y\\342\\200\\250\\342\\201\\246"
    let result = try run(
      "printf '\(login)\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db \(database)")
    #expect(Self.rawControls(result.stdout).isEmpty, "stdout")
    #expect(Self.rawControls(result.stderr).isEmpty, "stderr")
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    #expect(stderr.contains("Login: b\\u{9B}o\\u{7F}b\\u{202E}y\\u{2028}\\u{2066}\n"))
    let stdout = String(decoding: result.stdout, as: UTF8.self)
    #expect(!stdout.contains("\u{202E}") && !stdout.contains("\u{2028}"))
  }

  @Test("a password of A and seven NULs, piped: refused, exit 1, nothing created")
  func nulPassword() throws {
    let result = try run(
      "printf 'bobby\\nA\\0\\0\\0\\0\\0\\0\\0\\nA\\0\\0\\0\\0\\0\\0\\0\\n' | \(Tmux.binary) --plain --db \(database)"
    )
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    #expect(stderr.contains("The answer contains a NUL character"))
    // The database is made with the first account: there is none.
    #expect(!FileManager.default.fileExists(atPath: database))
    // And `A` alone is no password of anybody's.
    let signIn = try run(
      "printf 'bobby\\nA\\n' | \(Tmux.binary) --sign-in --plain --db \(database)")
    #expect(signIn.status != 0)
  }

  @Test("an unknown option, a language and a path quoted on stderr are escaped")
  func errorMessages() throws {
    let hostile = "$(printf 'x\\033]0;PWNED\\007\\302\\233')"
    for arguments in [
      "\"--\(hostile)\"", "--lang \"\(hostile)\"", "\"\(hostile)\"",
      "--db \"/proc/\(hostile)/accounts.sqlite\"",
    ] {
      let result = try run("\(Tmux.binary) \(arguments) </dev/null")
      #expect([2, 3].contains(result.status), "\(arguments)")
      #expect(Self.rawControls(result.stderr).isEmpty, "\(arguments)")
      let stderr = String(decoding: result.stderr, as: UTF8.self)
      #expect(stderr.contains("x\\u{1B}]0;PWNED\\u{7}\\u{9B}"), "\(arguments): \(stderr)")
    }
  }

  @Test("on a terminal: the human result line and an unknown TERM do not retitle it")
  func humanLineOnATerminal() throws {
    // An account made before logins were restricted, renamed behind the program's back.
    let made = try run(
      "printf 'legacy\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(Tmux.binary) --plain --db \(database)")
    #expect(made.status == 0)
    let rename = try command(
      "/usr/bin/sqlite3",
      [
        database,
        "UPDATE accounts SET login = 'al' || char(27) || ']0;PWNED' || char(7) || 'ice', "
          + "login_key = 'al' || char(27) || ']0;pwned' || char(7) || 'ice'",
      ])
    #expect(rename.status == 0)

    let tmux = try Tmux()
    let title = try tmux.run(["display", "-p", "-t", "0", "#{pane_title}"])
    try tmux.shell(
      "printf 'al\\033]0;PWNED\\007ice\\nZq7vLm2pR\\n' | \(Tmux.binary) --sign-in --plain --db \(database)"
    )
    try tmux.wait(forText: "Signed in as al\\u{1B}]0;PWNED\\u{7}ice.")
    try tmux.shell("TERM=\"$(printf 'x\\033]0;PWNED\\007')\" \(Tmux.binary) --db \(database)")
    try tmux.wait(forText: "unknown terminal type 'x\\u{1B}]0;PWNED\\u{7}'")
    try tmux.keys("C-d")
    try tmux.wait(forText: "input ended")
    #expect(try tmux.run(["display", "-p", "-t", "0", "#{pane_title}"]) == title)
    #expect(!title.contains("PWNED"))
  }
}
