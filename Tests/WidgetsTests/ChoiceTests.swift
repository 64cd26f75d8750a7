import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

@Suite("Choice")
struct ChoiceTests {
  let answers = Answers()
  static let kinds = ["Student", "Regular", "Supporting"]

  func harness(width: Int = 40, unicode: Bool = true, colors: Bool = true)
    -> WidgetHarness<Choice>
  {
    WidgetHarness(
      Choice("Membership", options: Self.kinds, selection: Binding(answers, \.kind)),
      width: width, unicode: unicode, colors: colors)
  }

  @Test("drawn as a row where it fits; nothing chosen until a person chooses")
  func row() {
    let form = harness()
    #expect(form.rows == ["Membership", "( ) Student  ( ) Regular  ( ) Supporting"])
    #expect(answers.kind == nil)
    #expect(compareSnapshot(form.screen, named: "choice-row") == .matches)
  }

  @Test("drawn as a list where the row does not fit")
  func list() {
    let form = harness(width: 20)
    #expect(
      form.rows == ["Membership", "( ) Student", "( ) Regular", "( ) Supporting"])
    form.press(Key(.right), Key(.right))
    #expect(compareSnapshot(form.screen, named: "choice-list") == .matches)
  }

  @Test("Left and Right choose within it, at the ends too; Up and Down leave at the ends")
  func arrows() {
    let form = harness()
    form.press(Key(.right))
    #expect(answers.kind == 0)
    #expect(form.row(1) == "(•) Student  ( ) Regular  ( ) Supporting")
    form.press(Key(.right), Key(.right), Key(.right))
    #expect(answers.kind == 2)
    form.press(Key(.left))
    #expect(answers.kind == 1)
    form.press(Key(.up))
    #expect(answers.kind == 0)
    #expect(form.application.focused === form.widget)
    form.press(Key(.up))
    #expect(form.application.focused === form.next, "Up on the first option moves the focus")
    form.press(Key(.tab))
    form.press(Key(.down), Key(.down), Key(.end))
    #expect(answers.kind == 2)
    form.press(Key(.down))
    #expect(form.application.focused === form.next, "Down on the last option moves on")
    #expect(answers.kind == 2)
  }

  @Test("a letter chooses the next option starting with it, going round")
  func firstLetter() {
    let form = WidgetHarness(
      Choice(
        "Found us", options: ["Search", "Friend", "Forum", "Other"],
        selection: Binding(answers, \.kind)))
    form.type("f")
    #expect(answers.kind == 1)
    form.type("F")
    #expect(answers.kind == 2)
    form.type("f")
    #expect(answers.kind == 1)
    form.type("x")
    #expect(answers.kind == 1, "no option starts with x")
    form.type("o")
    #expect(answers.kind == 3)
  }

  @Test("a choice redraws itself alone, and only when the choice changes")
  func drawCounts() {
    let form = harness()
    let (choice, next) = (form.widget.drawCount, form.next.drawCount)
    form.press(Key(.right))
    #expect(form.widget.drawCount == choice + 1)
    form.press(Key(.left))
    form.press(Key(.home))
    #expect(form.widget.drawCount == choice + 1, "already the first")
    #expect(form.next.drawCount == next)
  }

  @Test("a click chooses the option under it, in a row and in a list")
  func clicks() {
    let form = harness()
    form.press(Key(.tab))
    form.click(x: 15, y: 1)
    #expect(answers.kind == 1)
    #expect(form.application.focused === form.widget)
    form.click(x: 11, y: 1)
    #expect(answers.kind == 1, "the gap between options hits nothing")
    let narrow = harness(width: 20)
    narrow.click(x: 2, y: 3)
    #expect(answers.kind == 2)
  }

  @Test("disabled: dim, skipped, deaf; after leaving unchosen it shows its error")
  func disabledAndError() {
    let off = Choice("Off", options: Self.kinds, selection: Binding(answers, \.kind))
    off.isEnabled = { false }
    let disabled = WidgetHarness(off)
    #expect(disabled.application.focused === disabled.next)
    #expect(disabled.style(x: 0, y: 1).attributes.contains(.dim))
    disabled.click(x: 1, y: 1)
    #expect(answers.kind == nil)

    let form = harness()
    form.widget.showsError = { [answers] in
      form.left.contains { $0 === form.widget } && answers.kind == nil
    }
    form.widget.errorMessage = { "Choose one" }
    form.press(Key(.tab))
    #expect(form.row(2) == "Choose one")
    #expect(form.style(x: 0, y: 2).foreground == .red)
    #expect(form.style(x: 0, y: 0).foreground == .red)
  }

  @Test("without UTF-8 and colours: (*) marks the choice; tiny sizes draw")
  func asciiAndTiny() {
    let form = harness(unicode: false, colors: false)
    form.press(Key(.right))
    #expect(form.row(1) == "(*) Student  ( ) Regular  ( ) Supporting")
    #expect(form.style(x: 1, y: 1).foreground == nil)
    for size in [Size(width: 1, height: 1), Size(width: 4, height: 2)] {
      form.screen.resize(to: size)
      form.send(.resize(size), .key(Key(.right)))
    }
    #expect(answers.kind == 2)
  }
}
