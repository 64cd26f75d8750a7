import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

@Suite("Text area")
struct TextAreaTests {
  let answers = Answers()

  func harness(
    width: Int = 12, lines: Int = 3, unicode: Bool = true, configure: (TextArea) -> Void = { _ in }
  ) -> WidgetHarness<TextArea> {
    let area = TextArea(
      label: "About you", text: Binding(answers, \.about), visibleLines: lines,
      caption: { "A few lines" })
    configure(area)
    return WidgetHarness(area, width: width, height: 14, unicode: unicode)
  }

  /// The rows of text as shown, without the label, underline and caption.
  func textRows(_ form: WidgetHarness<TextArea>) -> [String] {
    (1...form.widget.visibleLines).map(form.row)
  }

  @Test("Enter starts a new line; the text wraps after the last space that fits")
  func enterAndWrap() {
    let form = harness()
    form.type("one two three")
    form.press(Key(.enter))
    form.type("four")
    #expect(answers.about == "one two three\nfour")
    #expect(textRows(form) == ["one two", "three", "four"])
    #expect(form.screen.cursor == Point(x: 4, y: form.widget.frame.minY + 3))
    #expect(form.application.focused === form.widget, "Enter did not move on")
  }

  @Test("wide and combined graphemes wrap by their display width: Cyrillic, CJK, emoji")
  func displayWidth() {
    let form = harness(width: 9)
    form.type("Привет мир")
    #expect(textRows(form).prefix(2) == ["Привет", "мир"])
    form.press(Key(.enter))
    form.type("日本語の文")
    // Eight columns of room (one stays for the cursor): four CJK characters, then one.
    #expect(textRows(form) == ["мир", "日本語の", "文"])
    form.press(Key(.enter))
    form.send(.paste("👍🏽👍🏽👍🏽👍🏽👍🏽"))
    #expect(textRows(form) == ["文", "👍🏽👍🏽👍🏽👍🏽", "👍🏽"])
    #expect(answers.about.count == 10 + 1 + 5 + 1 + 5)
    #expect(compareSnapshot(form.screen, named: "textarea-wide") == .matches)
  }

  @Test("scrolls to the cursor, with marks where text is out of sight")
  func scrolls() {
    let form = harness(lines: 2)
    form.type("a")
    for word in ["b", "c", "d"] {
      form.press(Key(.enter))
      form.type(word)
    }
    #expect(textRows(form) == ["c", "d"])
    #expect(form.row(0).hasSuffix("▲"))
    form.press(Key(.up), Key(.up), Key(.up))
    #expect(textRows(form) == ["a", "b"])
    #expect(form.row(3).hasSuffix("▼"))
    #expect(form.screen.cursor == Point(x: 1, y: form.widget.frame.minY + 1))
  }

  @Test("Up and Down keep the column; from the first and last rows they move the focus")
  func upDown() {
    let form = harness(width: 20)
    form.type("abcdef")
    form.press(Key(.enter))
    form.type("ab")
    form.press(Key(.enter))
    form.type("abcdefgh")
    form.press(Key(.left), Key(.up), Key(.up))
    #expect(answers.about.count == 18)
    #expect(form.widget.editor.cursor == 6, "column 7 clamped to the short row, kept for the next")
    form.press(Key(.down))
    #expect(form.widget.editor.cursor == 9)
    form.press(Key(.up), Key(.up))
    #expect(form.application.focused === form.next)
  }

  @Test("the field's editing keys: Home, End and Ctrl-U, Ctrl-K by row and line, words")
  func editingKeys() {
    let form = harness(width: 20)
    form.type("first line")
    form.press(Key(.enter))
    form.type("second line")
    form.press(Key(.home))
    form.type(">")
    form.press(Key(.end), Key(.left, .control))
    form.press(.control("k"))
    #expect(answers.about == "first line\n>second ")
    form.press(.control("u"))
    #expect(answers.about == "first line\n")
    form.press(Key(.backspace))
    form.press(Key(.backspace, .alt))
    #expect(answers.about == "first ")
  }

  @Test("NUL and controls are refused; a paste keeps its lines, tabs become spaces")
  func controlsAndPaste() {
    let form = harness(width: 20)
    form.type("a\u{0}\u{1B}\u{7}b")
    #expect(answers.about == "ab")
    #expect(form.widget.editor.cursor == 2)
    form.send(.paste("\r\n\nc\td\r\ne\u{0}f\rg\u{2028}h\n\n"))
    #expect(answers.about == "abc d\nef\ng\nh")
    #expect(!form.widget.isShowingRefusal)
  }

  @Test("a maximum length cuts a paste and refuses typing, with its notice")
  func maxLength() {
    let form = harness(width: 30) { area in
      area.maxLength = 6
      area.maxLengthMessage = "At most 6 characters"
    }
    form.send(.paste("ab\ncdefgh"))
    #expect(answers.about == "ab\ncde")
    #expect(form.row(5) == "At most 6 characters")
    form.type("x")
    #expect(answers.about == "ab\ncde")
    #expect(form.widget.isShowingRefusal)
    #expect(form.style(x: 0, y: 4).foreground == .red)
    form.press(Key(.backspace))
    #expect(form.row(5) == "A few lines")
    form.send(.paste("👍🏽👍🏽"))
    #expect(answers.about == "ab\ncd👍🏽", "whole graphemes only")
  }

  @Test("a key redraws the area alone; one that changes nothing redraws nothing")
  func drawCounts() {
    let form = harness()
    let (area, next) = (form.widget.drawCount, form.next.drawCount)
    form.type("ab")
    #expect(form.widget.drawCount == area + 2)
    form.press(Key(.right), Key(.backspace, .control))
    form.press(Key(.delete))
    #expect(form.widget.drawCount == area + 2)
    #expect(form.next.drawCount == next)
  }

  @Test("a click puts the cursor where it lands, in a wrapped row too")
  func click() {
    let form = harness()
    form.type("one two three")
    form.click(x: 2, y: 2)
    #expect(form.widget.editor.cursor == 10)
    form.click(x: 9, y: 1)
    #expect(form.widget.editor.cursor == 7, "past a wrapped row's end: before its space")
    form.click(x: 3, y: 3)
    #expect(form.widget.editor.cursor == 13, "under the text: its end")
  }

  @Test("disabled: dim, skipped by Tab, deaf to keys and clicks; error after leaving")
  func disabledAndError() {
    let off = harness { $0.isEnabled = { false } }
    #expect(off.application.focused === off.next)
    #expect(!off.widget.handle(.text("x")))
    off.click(x: 0, y: 1)
    #expect(off.application.focused === off.next)
    #expect(off.style(x: 0, y: 0).attributes.contains(.dim))

    let form = harness(width: 30)
    form.widget.showsError = { [answers] in
      form.left.contains { $0 === form.widget } && answers.about.isEmpty
    }
    form.widget.errorMessage = { "Say a few words" }
    form.press(Key(.tab))
    #expect(form.row(5) == "Say a few words")
    #expect(form.style(x: 0, y: 4).foreground == .red)
  }

  @Test("without UTF-8: ASCII lines and scroll marks; tiny sizes draw without trapping")
  func asciiAndTiny() {
    let form = harness(lines: 1, unicode: false)
    form.type("a")
    form.press(Key(.enter))
    form.type("b")
    #expect(form.row(0).hasSuffix("^"))
    #expect(form.row(2) == String(repeating: "=", count: 12))
    for size in [Size(width: 1, height: 1), Size(width: 2, height: 3), Size(width: 0, height: 0)] {
      form.screen.resize(to: size)
      form.send(.resize(size), .text("日"), .key(Key(.up)), .key(Key(.down)))
    }
    #expect(answers.about.hasPrefix("a\nb"))
  }
}
