import Foundation
import Testing

/// The fields of the real binary in tmux: scripts, paste, mouse, reveal.
@Suite("Fields end to end", .serialized, .cleansUp)
struct FieldEndToEndTests {
  /// Starts the form and waits for it. The Login field starts at column 17, row 3.
  func startForm() throws -> Tmux {
    let tmux = try Tmux()
    try tmux.shell("\(Tmux.binary) --db \(tmux.directory)/accounts.sqlite --json > /dev/null")
    try tmux.wait(forText: "Create account")
    return tmux
  }

  func row(_ tmux: Tmux, containing text: String) throws -> Int {
    try tmux.screen().firstIndex { $0.contains(text) } ?? -1
  }

  @Test("mixed scripts: the cursor lands after their columns")
  func mixedScripts() throws {
    let tmux = try startForm()
    try tmux.type("Жж中👍🏽é")
    try tmux.wait(forText: "Жж中")
    let valueRow = try row(tmux, containing: "Жж中")
    // Ж 1 + ж 1 + 中 2 + 👍🏽 2 + é 1 columns after the field's start at 17.
    #expect(try tmux.cursor() == (x: 24, y: valueRow))
    try tmux.keys("Left", "Left")
    try tmux.wait(for: "the cursor to move back over 👍🏽 and é") { _ in
      (try? tmux.cursor().x) == 21
    }
  }

  @Test("a bracketed paste is one edit; tabs and newlines become spaces")
  func paste() throws {
    let tmux = try startForm()
    try tmux.paste("al\tice\nsmith")
    try tmux.wait(forText: "al ice smith")
    let valueRow = try row(tmux, containing: "al ice smith")
    #expect(try tmux.cursor() == (x: 17 + 12, y: valueRow))
  }

  @Test("revealing the password changes the text shown, not the cursor")
  func reveal() throws {
    let tmux = try startForm()
    try tmux.keys("Tab")
    try tmux.paste("Secret 123")
    try tmux.wait(forText: "••••••••••")
    try tmux.keys("Left", "Left", "Left")
    try tmux.wait(for: "the cursor to move left") { _ in (try? tmux.cursor().x) == 17 + 7 }
    let before = try tmux.cursor()
    try tmux.keys("F2")
    try tmux.wait(forText: "Secret 123")
    try tmux.wait(forText: "[hide]")
    #expect(try tmux.cursor() == before)
    try tmux.keys("C-r")
    try tmux.wait(forText: "[show]")
    #expect(try !tmux.screen().joined().contains("Secret"))
    #expect(try tmux.cursor() == before)
  }

  @Test("a click on a field's underline focuses it and puts the cursor at the column")
  func click() throws {
    let tmux = try startForm()
    try tmux.type("alice")
    try tmux.keys("Tab")
    try tmux.type("Secret123")
    try tmux.wait(forText: "•••••••••")
    let underline = try row(tmux, containing: "Login") + 2
    try tmux.click(x: 17 + 2, y: underline)
    try tmux.wait(for: "the cursor in Login after 'al'") { _ in
      (try? tmux.cursor()) ?? (0, 0) == (x: 19, y: underline - 1)
    }
    try tmux.type("X")
    try tmux.wait(forText: "alXice")
  }

  @Test("a click on [show] reveals the password")
  func clickShow() throws {
    let tmux = try startForm()
    try tmux.keys("Tab")
    try tmux.type("Abc")
    try tmux.wait(forText: "[show]")
    let labelRow = try row(tmux, containing: "[show]")
    let column = try tmux.screen()[labelRow].distance(
      from: tmux.screen()[labelRow].startIndex,
      to: tmux.screen()[labelRow].range(of: "[show]")!.lowerBound)
    try tmux.click(x: column + 1, y: labelRow)
    try tmux.wait(forText: "Abc")
    try tmux.wait(forText: "[hide]")
  }
}
