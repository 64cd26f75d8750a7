import FieldGallery
import Foundation
import Terminal
import TestSupport
import Testing
import Widgets

/// What a newcomer met in the fields: pasted line breaks, labels, masks, refused keys.
@Suite("Field feedback")
struct FieldFeedbackTests {
  // MARK: Paste

  @Test(
    "line breaks at the ends of a paste are dropped; inner ones become spaces",
    arguments: [
      ("Secret123\n", "Secret123"), ("Secret123\r\n", "Secret123"),
      ("\nSecret123\n\n", "Secret123"),
      ("one\ntwo\n", "one two"), ("\r\none two \n", "one two "),
    ])
  func pasteEnds(pasted: String, expected: String) {
    for secure in [false, true] {
      let form = FieldHarness(secure: secure, width: 40)
      form.send(.paste(pasted))
      #expect(form.value == expected)
      #expect(form.changes == 1)
    }
  }

  @Test("a paste of nothing but line breaks changes nothing")
  func pasteOnlyLineBreaks() {
    let form = FieldHarness(width: 40)
    form.send(.paste("\n\r\n"))
    #expect(form.value == "")
    #expect(form.changes == 0)
  }

  // MARK: Floating label

  @Test("empty and unfocused: the label sits dimmed in the value row, no placeholder")
  func labelAtRest() {
    let form = FieldHarness(width: 30)
    form.press(Key(.tab))
    #expect(form.labelRow.trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(form.valueRow.hasPrefix("Name"))
    #expect(!form.valueRow.contains("Your name"))
    #expect(form.screen.cell(at: Point(x: 0, y: form.field.frame.minY + 1)).style == Style(.dim))
  }

  @Test("focused and empty: the label moves above, the placeholder shows in the value row")
  func placeholderWhileFocused() {
    let form = FieldHarness(width: 30)
    #expect(form.labelRow.hasPrefix("Name"))
    #expect(form.valueRow.hasPrefix("Your name"))
    #expect(form.screen.cell(at: Point(x: 0, y: form.field.frame.minY + 1)).style == Style(.dim))
    #expect(form.cursorColumn == 0, "the cursor sits on the placeholder's first column")
    form.type("A")
    #expect(form.valueRow == "A", "the placeholder goes with the first character")
    form.press(Key(.tab))
    #expect(form.labelRow.hasPrefix("Name"), "filled: the label stays above")
    #expect(form.valueRow == "A")
  }

  @Test("the gallery at rest: every field names itself, the focused one shows its placeholder")
  func galleryAtRest() {
    let screen = MemoryScreen(size: Size(width: 80, height: 24))
    let gallery = FieldGallery()
    let application = Application(
      screen: screen, root: gallery.root, contentWidth: FieldGallery.width)
    application.focus(gallery.plain)
    application.render()
    let text = screen.lines.joined(separator: "\n")
    for label in ["Name", "City", "Password", "PIN", "Phone", "Member number", "Email"] {
      #expect(text.contains(label), "\(label) shows")
    }
    #expect(text.contains("Your name"), "the focused, empty field shows its placeholder")
    #expect(
      !text.contains(gallery.digits.placeholder!),
      "an unfocused field shows its label, not its placeholder")
  }

  // MARK: A mask with a prefix

  static let phone = "+7-999-999-99-99"

  func phoneField() -> FieldHarness {
    FieldHarness(width: 30, caption: "Digits") {
      $0.format = PatternFormat(Self.phone, nationalPrefixes: ["8"])
    }
  }

  @Test(
    "a pasted number with its country code or national 8 fills the mask once",
    arguments: [
      "+7 (916) 123-45-67", "89161234567", "8 916 123 45 67", "+79161234567", "79161234567",
      "9161234567", "(916) 123-45-67",
    ])
  func phonePrefixPasted(number: String) {
    let form = phoneField()
    form.send(.paste(number))
    #expect(form.value == "+7-916-123-45-67")
    #expect(form.changes == 1)
  }

  @Test(
    "typed one key at a time, the country code or national 8 is recognised too",
    arguments: ["+79161234567", "89161234567", "9161234567"])
  func phonePrefixTyped(number: String) {
    let form = phoneField()
    form.type(number)
    #expect(form.value == "+7-916-123-45-67")
    #expect(form.cursorColumn == 16)
    #expect(form.captionRowStyle == Style(.dim), "nothing was refused")
  }

  @Test("a ten-digit number that starts with 7 or 8 is a number, not a prefix")
  func phoneSevenIsADigit() {
    let form = phoneField()
    form.type("7012345678")
    #expect(form.value == "+7-701-234-56-78")
    let other = phoneField()
    other.send(.paste("8001234567"))
    #expect(other.value == "+7-800-123-45-67")
  }

  // MARK: Refused keys

  @Test("a refused key is shown: the caption and the underline turn red until the next key")
  func refusedKeyShows() {
    let form = FieldHarness(width: 30, caption: "Digits only") {
      $0.format = CharacterFilter.digits
    }
    form.type("1")
    #expect(form.captionRowStyle == Style(.dim))
    let draws = form.field.drawCount
    form.type("a")
    #expect(form.value == "1")
    #expect(form.changes == 1)
    #expect(form.field.drawCount == draws + 1, "a refusal is drawn")
    #expect(form.captionRowStyle.foreground == .red)
    #expect(form.underlineRowStyle.foreground == .red)
    form.type("2")
    #expect(form.value == "12")
    #expect(form.captionRowStyle == Style(.dim))
    #expect(form.underlineRowStyle.foreground != .red)
  }

  @Test("a full mask refuses another digit, visibly; leaving the field ends the mark")
  func refusedWhenFull() {
    let form = phoneField()
    form.type("9161234567")
    form.type("0")
    #expect(form.value == "+7-916-123-45-67")
    #expect(form.captionRowStyle.foreground == .red)
    form.press(Key(.tab))
    #expect(form.captionRowStyle == Style(.dim))
  }

  @Test("a field without a caption shows a refusal on its underline")
  func refusedWithoutCaption() {
    let form = FieldHarness(width: 30) { $0.maxLength = 2 }
    form.type("ab")
    form.type("c")
    #expect(form.value == "ab")
    #expect(form.underlineRowStyle.foreground == .red)
  }
}

extension FieldHarness {
  /// The style of the caption row's first cell.
  var captionRowStyle: Style {
    screen.cell(at: Point(x: field.frame.minX, y: field.frame.minY + 3)).style
  }
  var underlineRowStyle: Style {
    screen.cell(at: Point(x: field.frame.minX, y: field.frame.minY + 2)).style
  }
}
