import FormExample
import Testing
import Widgets

@Test("the documented form, filled in on a MemoryScreen, joins")
func joining() {
  var joined = false
  let form = JoinForm { joined = true }
  let screen = MemoryScreen(size: Size(width: 50, height: 30))
  let application = Application(screen: screen, root: form.root, contentWidth: 50)
  screen.send(.text("Ada"), .key(Key(.tab)), .text("correct horse"), .key(Key(.tab)))
  screen.send(.key(Key(.right)), .key(Key(.tab)), .text(" "), .key(Key(.tab)), .key(Key(.enter)))
  // The script played, the screen says its input ended: that is how run() returns here.
  #expect(application.run() == .endOfInput)
  #expect(joined)
  #expect(form.member.kind == 0 && form.member.acceptsRules)
  #expect(screen.lines.contains { $0.contains("At least 3 characters".struckThrough) })
}
