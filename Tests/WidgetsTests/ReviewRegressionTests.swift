import Terminal
import Testing
import Widgets

@Suite("Regressions: widgets")
struct WidgetRegressionTests {
  @Test("a click where [show] would be, on an empty unfocused field, does not reveal")
  func hiddenToggle() {
    let form = FieldHarness(secure: true, width: 30)
    form.press(Key(.tab))
    form.click(x: 28, y: 0)
    let secure = form.field as! SecureField
    #expect(form.application.focused === form.field)
    #expect(!secure.isRevealed)
  }

  @Test("a timer cancelled by an earlier timer due at the same time does not run")
  func cancelledInBatch() {
    let application = Application(screen: MemoryScreen())
    var ran: [String] = []
    var second: ScheduledTimer?
    application.schedule(after: .zero) {
      ran.append("first")
      second?.cancel()
    }
    second = application.schedule(after: .zero) { ran.append("second") }
    application.process([])
    #expect(ran == ["first"])
  }

  @Test("without UTF-8 a wrapped requirement is measured with the icon it is drawn with")
  func asciiRowWraps() {
    let screen = MemoryScreen(
      size: Size(width: 20, height: 8),
      capabilities: ScreenCapabilities(colors: false, unicode: false))
    let row = RequirementRow("Aa bbbbbbbbbbbbbbbbb") { .unmet }
    let application = Application(screen: screen, root: VStack([row]), contentWidth: 20)
    application.render()
    // "[ ] " is four columns: 16 of the 17 b's fit under "Aa", the last one under them.
    #expect(row.frame.height == 3)
    #expect(screen.lines.joined().filter { $0 == "b" }.count == 17, "\(screen.lines)")
  }

  @Observable final class Text {
    var value = "Short"
  }

  @Test("a row whose text grows while scrolled off screen is laid out anew when scrolled to")
  func grownOffScreen() {
    let text = Text()
    let row = RequirementRow({ text.value }) { .unmet }
    let button = Button("Go") {}
    let root = VStack([
      TextField(label: "A", text: Binding(initialValue: "")),
      TextField(label: "B", text: Binding(initialValue: "")), row, button,
    ])
    let application = Application(
      screen: MemoryScreen(size: Size(width: 20, height: 6)), root: root, contentWidth: 20)
    application.render()
    #expect(application.screenFrame(of: row)?.minY ?? 0 > 4, "off screen")
    text.value = "a text long enough to need three lines"
    application.render()
    application.focus(button)
    application.render()
    #expect(row.frame.height == 3)
  }
}
