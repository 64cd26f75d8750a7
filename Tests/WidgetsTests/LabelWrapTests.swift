import Terminal
import Testing
import Widgets

/// A label that wraps: every word shown, each row centred, and the rows below moved down.
@Suite("Label: wrapping")
struct LabelWrapTests {
  @Test("a text wider than the label goes on over more rows, centred, nothing cut")
  func wraps() {
    let screen = MemoryScreen(size: Size(width: 20, height: 6))
    let label = Label(
      { "one two three four five six" }, alignment: .center, wraps: true)
    let app = Application(
      screen: screen, root: VStack([label, Label("below")]), contentWidth: 20)
    app.render()
    #expect(screen.lines[0] == " one two three four")
    #expect(screen.lines[1] == "      five six")
    #expect(screen.lines[2].hasPrefix("below"))
    #expect(!screen.lines.joined().contains("…"))
  }

  @Test("without wraps, the same text is one row cut with an ellipsis")
  func cuts() {
    let screen = MemoryScreen(size: Size(width: 20, height: 6))
    let app = Application(
      screen: screen,
      root: VStack([Label({ "one two three four five six" }), Label("below")]),
      contentWidth: 20)
    app.render()
    #expect(screen.lines[0].hasSuffix("…"))
    #expect(screen.lines[1].hasPrefix("below"))
  }
}
