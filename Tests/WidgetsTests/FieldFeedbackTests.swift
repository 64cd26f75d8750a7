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
}
