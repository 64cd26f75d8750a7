import Testing
import Widgets

/// What keys do beyond the focused view: the standard bindings, and changing them.
@Suite("Key bindings")
struct KeyBindingsTests {
  let screen = MemoryScreen(size: Size(width: 20, height: 12))
  let fields = (0..<3).map { TextField(label: "F\($0)", text: Binding(initialValue: "")) }
  let application: Application

  init() {
    application = Application(screen: screen, root: VStack(fields), contentWidth: 20)
    application.focus(fields[0])
    application.render()
  }

  func press(_ keys: Key...) {
    for key in keys { application.process([.key(key)]) }
  }

  var focusedIndex: Int? { fields.firstIndex { $0 === application.focused } }

  @Test("Tab, Down and Enter move forward; Shift-Tab and Up back; both wrap")
  func standardFocus() {
    press(Key(.tab))
    #expect(focusedIndex == 1)
    press(Key(.down))
    #expect(focusedIndex == 2)
    press(Key(.enter))
    #expect(focusedIndex == 0)
    press(Key(.tab, .shift))
    #expect(focusedIndex == 2)
    press(Key(.up))
    #expect(focusedIndex == 1)
  }

  @Test("Esc and Ctrl-C end the loop when nothing handles them")
  func standardEndings() {
    screen.send(.key(Key(.escape)))
    #expect(application.run() == .cancelled)
    let second = Application(screen: screen, root: VStack(), contentWidth: 20)
    screen.send(.key(.control("c")))
    #expect(second.run() == .interrupted)
  }

  @Test("onCancel and onInterrupt decide instead")
  func handlers() {
    var heard: [String] = []
    application.onCancel = { heard.append("cancel") }
    application.onInterrupt = { heard.append("interrupt") }
    press(Key(.escape), .control("c"))
    #expect(heard == ["cancel", "interrupt"])
    #expect(application.exit == nil)
  }

  @Test("a key can be unbound, and another bound in its place")
  func rebinding() {
    application.keyBindings[Key(.down)] = nil
    application.keyBindings[.control("n")] = .focusNext
    press(Key(.down))
    #expect(focusedIndex == 0)
    press(.control("n"))
    #expect(focusedIndex == 1)
    #expect(application.keyBindings.keys(for: .focusNext).contains(.control("n")))
  }

  @Test("the focused view sees a key before its binding")
  func viewFirst() {
    application.keyBindings[Key(.left)] = .focusNext
    press(Key(.left))
    #expect(focusedIndex == 0, "the field moved its cursor")
    application.keyBindings[.control("g")] = .focusNext
    press(.control("g"))
    #expect(focusedIndex == 1, "a key the field does not take")
  }

  @Test("Ctrl-Z suspends, even from a field; unbound, it does not")
  func suspend() {
    press(.control("z"))
    #expect(screen.suspendCount == 1)
    application.keyBindings[.control("z")] = nil
    press(.control("z"))
    #expect(screen.suspendCount == 1)
    application.keyBindings[Key(.function(12))] = .suspend
    press(Key(.function(12)))
    #expect(screen.suspendCount == 2)
  }
}
