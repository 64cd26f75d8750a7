import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

@Observable final class Answers {
  var accepted = false
  var toggles = 0
  var kind: Int?
  var about = ""
  var selected = 0

  var acceptedBinding: Binding<Bool> {
    Binding(
      get: { self.accepted },
      set: {
        self.accepted = $0
        self.toggles += 1
      })
  }
}

@Suite("Checkbox")
struct CheckboxTests {
  let answers = Answers()

  func harness(width: Int = 40, height: Int = 12, unicode: Bool = true, colors: Bool = true)
    -> WidgetHarness<Checkbox>
  {
    WidgetHarness(
      Checkbox("I have read the house rules", isOn: answers.acceptedBinding), width: width,
      height: height, unicode: unicode, colors: colors)
  }

  @Test("Space toggles, once per press; Enter moves on and leaves it as it was")
  func spaceToggles() {
    let form = harness()
    #expect(form.row(0) == "[ ] I have read the house rules")
    form.type(" ")
    #expect(answers.accepted && answers.toggles == 1)
    #expect(form.row(0) == "[x] I have read the house rules")
    form.type(" ")
    #expect(!answers.accepted && answers.toggles == 2)
    form.press(Key(.enter))
    #expect(answers.toggles == 2)
    #expect(form.application.focused === form.next)
  }

  @Test("a toggle redraws the box alone; a key that changes nothing redraws nothing")
  func drawCounts() {
    let form = harness()
    let (box, next) = (form.widget.drawCount, form.next.drawCount)
    form.type(" ")
    #expect(form.widget.drawCount == box + 1)
    #expect(form.next.drawCount == next)
    form.type("q")
    form.press(Key(.left))
    #expect(form.widget.drawCount == box + 1)
  }

  @Test("a click toggles it and focuses it")
  func click() {
    let form = harness()
    form.press(Key(.tab))
    form.click(x: 10, y: 0)
    #expect(answers.accepted)
    #expect(form.application.focused === form.widget)
  }

  @Test("focused: the box and label are bright; not focused: plain")
  func focusStyle() {
    let form = harness()
    #expect(form.style(x: 5, y: 0).foreground == .cyan)
    form.press(Key(.tab))
    #expect(form.style(x: 5, y: 0).foreground == nil)
  }

  @Test("a disabled checkbox is dim, skipped by Tab, and neither Space nor a click ticks it")
  func disabled() {
    let box = Checkbox("Off", isOn: answers.acceptedBinding)
    box.isEnabled = { false }
    let form = WidgetHarness(box)
    #expect(form.application.focused === form.next)
    #expect(form.style(x: 0, y: 0).attributes.contains(.dim))
    form.press(Key(.tab))
    #expect(form.application.focused === form.next)
    form.click(x: 1, y: 0)
    #expect(!box.handle(.text(" ")))
    #expect(!answers.accepted)
  }

  @Test("left unticked, it says so in the error style; ticking it ends the error")
  func errorAfterLeaving() {
    let form = harness()
    form.widget.showsError = { [answers] in
      form.left.contains { $0 === form.widget } && !answers.accepted
    }
    form.widget.errorMessage = { "Please accept the house rules" }
    form.application.render()
    #expect(form.widget.frame.height == 1)
    form.press(Key(.tab))
    #expect(form.row(1) == "Please accept the house rules")
    #expect(form.style(x: 0, y: 1).foreground == .red)
    #expect(form.style(x: 5, y: 0).foreground == .red)
    form.press(Key(.tab, .shift))
    form.type(" ")
    #expect(form.widget.frame.height == 1)
    #expect(!form.screen.lines.joined().contains("Please accept"))
  }

  @Test("without colours the error is bold; without UTF-8 the ticked box is not a met row")
  func noColorAscii() {
    let form = harness(unicode: false, colors: false)
    form.type(" ")
    #expect(form.row(0) == "[x] I have read the house rules")
    #expect(form.style(x: 5, y: 0).foreground == nil)
    #expect(Theme.Glyphs.ascii.met != Theme.Glyphs.ascii.checked)
    #expect(Theme.Glyphs.ascii.met != Theme.Glyphs.ascii.unchecked)
    #expect(compareSnapshot(form.screen, named: "checkbox-ascii") == .matches)
  }

  @Test("a label wider than the row wraps under itself; tiny sizes draw without trapping")
  func wrapsAndTiny() {
    let form = harness(width: 14)
    #expect(form.rows == ["[ ] I have", "    read the", "    house", "    rules"])
    for size in [Size(width: 1, height: 1), Size(width: 3, height: 2), Size(width: 0, height: 0)] {
      form.screen.resize(to: size)
      form.send(.resize(size), .text(" "))
    }
  }
}
