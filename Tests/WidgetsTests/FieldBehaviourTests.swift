import Terminal
import Testing
import Widgets

@Suite("Field behaviour")
struct FieldBehaviourTests {
  // MARK: Anatomy

  @Test("floating label: the label in the value row until focused or filled")
  func floatingLabel() {
    let form = FieldHarness()
    #expect(form.labelRow == "Name")
    #expect(form.valueRow == "Your name", "focused and empty: the placeholder")
    form.press(Key(.tab))
    #expect(form.labelRow == "")
    #expect(form.valueRow == "Name")
    #expect(form.screen.cell(at: Point(x: 0, y: 1)).style.attributes.contains(.dim))
    form.press(Key(.up))
    form.type("Ann")
    form.press(Key(.tab))
    #expect(form.labelRow == "Name")
    #expect(form.valueRow == "Ann")
  }

  @Test("the underline is heavy and bright when focused, thin and dim when not")
  func underline() {
    let form = FieldHarness(width: 10)
    #expect(form.underlineRow == String(repeating: "━", count: 10))
    #expect(form.screen.cell(at: Point(x: 0, y: 2)).style.attributes.contains(.bold))
    form.press(Key(.tab))
    #expect(form.underlineRow == String(repeating: "─", count: 10))
    #expect(form.screen.cell(at: Point(x: 0, y: 2)).style.attributes.contains(.dim))
  }

  @Test("a caption shows under the field; an error replaces it in red")
  func captionAndError() {
    var failing = false
    let form = FieldHarness(width: 30, caption: "Help text") { field in
      field.errorMessage = { "Something is wrong" }
    }
    form.field.showsError = { failing }
    form.application.render()
    #expect(form.captionRow == "Help text")
    failing = true
    form.field.setNeedsDisplay()
    form.application.render()
    #expect(form.captionRow == "Something is wrong")
    #expect(form.screen.cell(at: Point(x: 0, y: 3)).style.foreground == .red)
    #expect(form.screen.cell(at: Point(x: 0, y: 2)).style.foreground == .red)
  }

  @Test("a disabled field is dim, skipped by Tab and ignores input")
  func disabled() {
    let screen = MemoryScreen(size: Size(width: 20, height: 12))
    let first = TextField(label: "First", text: Binding(initialValue: ""))
    let off = TextField(label: "Off", text: Binding(initialValue: "fixed"))
    off.isEnabled = { false }
    let last = TextField(label: "Last", text: Binding(initialValue: ""))
    let app = Application(screen: screen, root: VStack([first, off, last]), contentWidth: 20)
    app.focus(first)
    app.render()
    app.process([.key(Key(.tab))])
    #expect(app.focused === last)
    app.process([.key(Key(.up))])
    #expect(app.focused === first)
    app.process([.mouse(MouseEvent(.left, .press, at: Point(x: 1, y: off.frame.minY + 1)))])
    #expect(app.focused === first)
    #expect(off.handle(.text("x")) == false)
    #expect(off.editor.text == "fixed")
    #expect(screen.cell(at: Point(x: 0, y: off.frame.minY + 1)).style.attributes.contains(.dim))
  }

  // MARK: Long values

  @Test("a long value scrolls so the cursor stays visible")
  func horizontalScroll() {
    let form = FieldHarness(width: 10)
    form.type("abcdefghijklmnopqrst")
    #expect(form.valueRow == "lmnopqrst")
    #expect(form.cursorColumn == 9)
    form.press(Key(.home))
    #expect(form.valueRow == "abcdefghij")
    #expect(form.cursorColumn == 0)
    form.press(Key(.end))
    form.press(Key(.left, .control))
    #expect(form.cursorColumn! >= 0 && form.cursorColumn! < 10)
  }

  @Test("wide characters scroll without splitting; the cursor stays in view")
  func wideScroll() {
    let form = FieldHarness(width: 7)
    form.type("中文字符号码")
    #expect(form.cursorColumn == 6)
    #expect(TextWidth.columns(of: form.valueRow) <= 7)
    #expect(form.valueRow.hasSuffix("号码"))
  }

  @Test("resizing narrower keeps the cursor visible")
  func resizeNarrower() {
    let form = FieldHarness(width: 30)
    form.type("abcdefghijklmnopqrstuvwxyz")
    form.screen.resize(to: Size(width: 8, height: 10))
    form.application.process(form.screen.nextEvents(until: nil))
    let cursor = form.screen.cursor
    #expect(cursor != nil && cursor!.x < 8)
    #expect(form.valueRow.hasSuffix("xyz"))
  }

  @Test("fields narrower than one wide character do not break", arguments: [0, 1, 2, 3])
  func tinyWidths(width: Int) throws {
    let screen = MemoryScreen(size: Size(width: max(width, 1), height: 8))
    let model = ModelRecorder()
    let field = TextField(label: "X", text: model.binding)
    let app = Application(screen: screen, root: VStack([field]), contentWidth: width)
    app.minimumSize = Size(width: 0, height: 0)
    app.focus(field)
    for text in ["中", "👍🏽", "a", "中文"] { app.process([.text(text)]) }
    app.process([.key(Key(.left)), .key(Key(.home)), .paste("字字字")])
    #expect(model.value == "字字字中👍🏽a中文")
    // The focused field keeps a cursor on the screen, however narrow.
    let cursor = try #require(screen.cursor)
    #expect(cursor.x >= 0 && cursor.x < screen.size.width)
  }

  // MARK: Reveal

  @Test("F2, Ctrl-R and a click on [show] toggle what is drawn, nothing else")
  func reveal() {
    let form = FieldHarness(secure: true, width: 30)
    form.type("Pa55 word")
    form.press(Key(.left), Key(.left))
    let secure = form.field as! SecureField
    #expect(form.valueRow == "•••••••••")
    #expect(form.labelRow.hasSuffix("[show]"))
    let cursor = form.cursorColumn
    form.press(Key(.function(2)))
    #expect(secure.isRevealed)
    #expect(form.valueRow == "Pa55 word")
    #expect(form.labelRow.hasSuffix("[hide]"))
    #expect(form.cursorColumn == cursor)
    #expect(form.field.editor.cursor == 7)
    form.press(.control("r"))
    #expect(!secure.isRevealed)
    form.click(x: 27, y: 0)
    #expect(secure.isRevealed)
    #expect(form.application.focused === form.field)
    #expect(form.value == "Pa55 word")
    #expect(form.changes == 9)
    #expect(form.field.editor.cursor == 7)
  }

  @Test("the reveal toggle is not a Tab stop")
  func revealIsNotATabStop() {
    let form = FieldHarness(secure: true)
    form.press(Key(.tab))
    #expect(form.application.focused === form.next)
  }

  // MARK: Limits and formats

  @Test("digits only with a maximum length; rejected input leaves value and cursor")
  func digitsAndMaxLength() {
    let form = FieldHarness { field in
      field.format = CharacterFilter.digits
      field.maxLength = 4
    }
    form.type("1a2")
    #expect(form.value == "12")
    #expect(form.changes == 2)
    form.press(Key(.left))
    form.type("x")
    #expect(form.value == "12")
    #expect(form.field.editor.cursor == 1)
    form.type("345")
    #expect(form.value == "1342")
    #expect(form.field.editor.cursor == 3)
    form.send(.paste("99"))
    #expect(form.value == "1342")
    #expect(form.changes == 4)
  }

  @Test("a paste keeps the allowed characters, then the maximum length applies")
  func filteredPaste() {
    let form = FieldHarness { field in
      field.format = CharacterFilter.digits
      field.maxLength = 6
    }
    form.send(.paste("+7 (912) 345-67-89"))
    #expect(form.value == "791234")
    #expect(form.changes == 1)
  }

  @Test("a phone mask adds its separators and keeps the cursor after the last digit")
  func phoneMask() {
    let form = FieldHarness(width: 30) { $0.format = PatternFormat("+7-999-999-99-99") }
    form.type("912")
    #expect(form.value == "+7-912")
    #expect(form.cursorColumn == 6)
    form.type("3456789")
    #expect(form.value == "+7-912-345-67-89")
    #expect(form.cursorColumn == 16)
    form.type("0")
    #expect(form.value == "+7-912-345-67-89", "no slot left: rejected")
    form.press(Key(.backspace), Key(.backspace))
    #expect(form.value == "+7-912-345-67")
    #expect(form.cursorColumn == 13)
    form.type("a-")
    #expect(form.value == "+7-912-345-67", "letters and separators cannot be typed")
    form.press(Key(.home))
    #expect(form.cursorColumn == 3, "home is the first slot")
    form.type("8")
    #expect(form.value == "+7-891-234-56-7")
    #expect(form.cursorColumn == 4)
  }

  @Test("a phone mask takes a pasted number with any punctuation")
  func phonePaste() {
    let form = FieldHarness(width: 30) { $0.format = PatternFormat("+7-999-999-99-99") }
    form.send(.paste("(912) 345 67 89"))
    #expect(form.value == "+7-912-345-67-89")
    #expect(form.changes == 1)
  }

  // MARK: Paste

  @Test("a paste is one edit: tabs and newlines become spaces, one change, one redraw")
  func paste() {
    let form = FieldHarness(width: 40)
    let draws = form.field.drawCount
    let flushes = form.screen.flushCount
    form.send(.paste("one\ttwo\nthree\r\nfour\u{7}"))
    #expect(form.value == "one two three four")
    #expect(form.changes == 1)
    #expect(form.field.drawCount == draws + 1)
    #expect(form.screen.flushCount == flushes + 1)
  }

  @Test("a 1 MB paste is taken whole and shown at its end")
  func hugePaste() {
    let form = FieldHarness(width: 40)
    let megabyte = String(repeating: "0123456789abcdef", count: 65536)
    form.send(.paste(megabyte))
    #expect(form.value.utf8.count == 1_048_576)
    #expect(form.changes == 1)
    #expect(form.valueRow.hasSuffix("cdef"))
    form.type("!")
    #expect(form.value.hasSuffix("f!"))
  }

  // MARK: Mouse

  @Test("a click puts the cursor at the clicked column, also after wide characters")
  func clickColumns() {
    let form = FieldHarness(width: 30)
    form.send(.paste("中a👍🏽bc"))
    form.click(x: 0)
    #expect(form.field.editor.cursor == 0)
    form.click(x: 1)
    #expect(form.field.editor.cursor == 0, "the right half of a wide character")
    form.click(x: 2)
    #expect(form.field.editor.cursor == 1)
    form.click(x: 4)
    #expect(form.field.editor.cursor == 2)
    form.click(x: 6)
    #expect(form.field.editor.cursor == 4)
    form.click(x: 25)
    #expect(form.field.editor.cursor == 5, "past the end: at the end")
    #expect(form.changes == 1)
  }

  @Test("a click on any row of a field focuses it, also when scrolled")
  func clickRows() {
    let form = FieldHarness(width: 10)
    form.type("abcdefghijklmnopqrst")
    form.press(Key(.tab))
    form.click(x: 0, y: 2)
    #expect(form.application.focused === form.field)
    // Focusing shows the end; a click at column 0 is the first visible grapheme.
    form.click(x: 0, y: 1)
    #expect(form.field.editor.cursor == 11)
    form.press(Key(.tab))
    form.click(x: 3, y: 0)
    #expect(form.application.focused === form.field)
  }

  // MARK: Redraws

  @Test("an edit redraws its field only")
  func redrawsOnlyTheField() {
    let form = FieldHarness()
    let nextDraws = form.next.drawCount
    let fieldDraws = form.field.drawCount
    form.type("abc")
    form.press(Key(.left), Key(.home), Key(.backspace))
    #expect(form.next.drawCount == nextDraws)
    #expect(form.field.drawCount == fieldDraws + 5, "Backspace at the start changes nothing")
  }
}
