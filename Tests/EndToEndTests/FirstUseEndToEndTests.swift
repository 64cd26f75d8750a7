import Foundation
import Testing

/// The steps where a person new to the program got stuck, with the release binary.
@Suite("First use end to end", .serialized, .cleansUp)
struct FirstUseEndToEndTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "first-use-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  var database: String { folder.appendingPathComponent("accounts.sqlite").path }

  func sh(_ script: String) throws -> (status: Int32, output: String) {
    try command("/bin/sh", ["-c", script])
  }

  @Test("line by line, a wrong password is told once and exits 5, which --help documents")
  func wrongPasswordStatus() throws {
    _ = try sh(
      "printf 'erin\\nSecret123\\nSecret123\\n' | \(Tmux.binary) --db \(database) >/dev/null 2>&1")
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
}
