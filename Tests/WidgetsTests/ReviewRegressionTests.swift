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
}
