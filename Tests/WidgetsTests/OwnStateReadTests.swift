import Terminal
import Testing
@_spi(Testing) import Widgets

/// A view drawing one of its two states: which one it shows is the other's business.
final class Shutter: View {
  @ViewState var shown = "open"
  @ViewState var unread = 0

  override func draw(in canvas: Canvas) {
    canvas.clear()
    canvas.draw(shown, at: .zero, style: .plain)
  }
}

/// What a drawing reads of its own view is recorded by the view (one bit a state), not by
/// Observation's access lists: each of those reads cost about 4,000 instructions a draw.
@Suite("Own state reads")
struct OwnStateReadTests {
  @Test("a field's drawing reads its own state as bits, none through the registrar")
  func fieldOwnReads() {
    let harness = WidgetHarness(TextField(label: "Name", text: Binding(initialValue: "")))
    harness.type("ab")
    harness.press(Key(.tab), Key(.tab, .shift))
    let field = harness.widget
    // Its frame, focus, editor and the states behind error, notice, meter and refusal.
    #expect(field.ownStateReadCount >= 6)
    #expect(field.ownReadsObserved == 0)
  }

  @Test("a change to a state the drawing did not read draws nothing; one it read draws once")
  func perStateRedraw() {
    let shutter = Shutter()
    let screen = MemoryScreen(size: Size(width: 10, height: 1))
    let application = Application(screen: screen, root: VStack([shutter]), contentWidth: 10)
    application.minimumSize = .zero
    application.render()
    let draws = shutter.drawCount
    shutter.unread = 1
    application.render()
    #expect(shutter.drawCount == draws)
    shutter.shown = "shut"
    shutter.shown = "closed"
    application.render()
    #expect(shutter.drawCount == draws + 1)
    #expect(screen.line(0) == "closed")
    #expect(application.staleViews().isEmpty)
  }

  @Test("another view's drawing that reads a view's state is redrawn when it changes")
  func readByAnother() {
    let shutter = Shutter()
    let mirror = Mirror(of: shutter)
    let screen = MemoryScreen(size: Size(width: 10, height: 2))
    let application = Application(
      screen: screen, root: VStack([shutter, mirror]), contentWidth: 10)
    application.minimumSize = .zero
    application.render()
    #expect(screen.line(1) == "open")
    shutter.shown = "shut"
    application.render()
    #expect(screen.line(0) == "shut")
    #expect(screen.line(1) == "shut")
  }
}

/// Draws another view's state.
final class Mirror: View {
  let source: Shutter
  init(of source: Shutter) { self.source = source }

  override func draw(in canvas: Canvas) {
    canvas.clear()
    canvas.draw(source.shown, at: .zero, style: .plain)
  }
}
