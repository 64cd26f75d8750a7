import Foundation
import Testing

/// The example of the toolkit's article "Build a form in 30 lines", built in release by
/// `make test`, used as a person would: the rows strike as they type, Create ends it.
@Suite("The documentation's example end to end", .serialized, .cleansUp)
struct ExampleEndToEndTests {
  static var example: String {
    URL(fileURLWithPath: Tmux.binary).deletingLastPathComponent()
      .appendingPathComponent("form-example").path
  }

  @Test("rows struck as typed, Create enabled once all are met, the greeting printed")
  func form() throws {
    #expect(FileManager.default.isExecutableFile(atPath: Self.example), "make build builds it")
    let tmux = try Tmux(width: 60, height: 20)
    try tmux.shell("\(Self.example); echo status=$?")
    try tmux.wait(forText: "New account")
    try tmux.wait(forText: "✗ At least 3 characters")
    try tmux.type("Ada")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶3̶")
    try tmux.keys("Tab")
    try tmux.type("secret")
    try tmux.wait(forText: "••••••")
    // Create is still disabled: Enter on it does nothing.
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "✗ At least 8 characters")
    try tmux.keys("BTab")
    try tmux.type("12")
    try tmux.wait(forText: "✓ A̶t̶ ̶l̶e̶a̶s̶t̶ ̶8̶")
    try tmux.wait(forText: "✓ O̶n̶e̶ ̶d̶i̶g̶i̶t̶")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "Welcome, Ada!")
    try tmux.wait(forText: "status=0")
  }
}
