import Foundation
import Testing

/// The example of the toolkit's article "Build a form", built in release by `make test`,
/// used as a person would: the rows strike as they type, a choice and a checkbox answered,
/// Join ends it.
@Suite("The documentation's example end to end", .serialized, .cleansUp)
struct ExampleEndToEndTests {
  static var example: String {
    URL(fileURLWithPath: Tmux.binary).deletingLastPathComponent()
      .appendingPathComponent("form-example").path
  }

  @Test("rows struck as typed, a choice and a checkbox, Join enabled once all is there")
  func form() throws {
    #expect(FileManager.default.isExecutableFile(atPath: Self.example), "make build builds it")
    let tmux = try Tmux(width: 60, height: 24)
    try tmux.shell("\(Self.example); echo status=$?")
    try tmux.wait(forText: "Join the hackerspace")
    try tmux.wait(forText: "✗ At least 3 characters")
    try tmux.type("Ada")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶3̶")
    try tmux.keys("Tab")
    try tmux.type("secret12")
    try tmux.wait(forText: "••••••••")
    try tmux.wait(forText: "✓ A̶ ̶p̶a̶s̶s̶w̶o̶r̶d̶")
    try tmux.keys("Tab", "Right", "Right")
    try tmux.wait(forText: "( ) Student  (•) Regular  ( ) Supporting")
    // No box ticked yet: Join is disabled, Enter on it does nothing.
    try tmux.keys("Tab", "Tab", "Enter")
    try tmux.wait(forText: "[ ] I have read the house rules")
    try tmux.keys("BTab", "Space")
    try tmux.wait(forText: "[x] I have read the house rules")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "Welcome, Ada!")
    try tmux.wait(forText: "status=0")
  }
}
