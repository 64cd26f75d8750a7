import FieldGallery
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// The gallery on an 80x24 in-memory screen, one snapshot per field state.
@Suite("Field gallery")
struct FieldGalleryTests {
  let screen = MemoryScreen(size: Size(width: 80, height: 24))
  let gallery = FieldGallery()
  let application: Application

  init() {
    application = Application(screen: screen, root: gallery.root, contentWidth: FieldGallery.width)
    application.onFocusLeave = { [gallery] in gallery.didLeave($0) }
    application.focus(gallery.plain)
    application.render()
  }

  func type(_ text: String) {
    for character in text { application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { application.process([.key(key)]) }
  }

  func focus(_ view: View) {
    application.focus(view)
    application.render()
  }

  @Test("every field at rest")
  func atRest() {
    #expect(compareSnapshot(screen, named: "gallery-empty") == .matches)
  }

  @Test("plain field with text, cursor in the middle")
  func plain() {
    type("Ada Lovelace")
    press(Key(.left, .control))
    #expect(compareSnapshot(screen, named: "gallery-plain") == .matches)
  }

  @Test("secure field masked, then revealed with the cursor where it was")
  func secure() {
    focus(gallery.secret)
    type("Pa55 wörd")
    press(Key(.left))
    #expect(compareSnapshot(screen, named: "gallery-secure-masked") == .matches)
    press(Key(.function(2)))
    #expect(compareSnapshot(screen, named: "gallery-secure-revealed") == .matches)
  }

  @Test("digits only, at its maximum length")
  func digits() {
    focus(gallery.digits)
    type("12a34b5678")
    #expect(gallery.digits.editor.text == "123456")
    #expect(compareSnapshot(screen, named: "gallery-digits-full") == .matches)
  }

  @Test("phone mask, half filled")
  func phone() {
    focus(gallery.phone)
    type("91234")
    #expect(gallery.phone.editor.text == "+7-912-34")
    #expect(compareSnapshot(screen, named: "gallery-phone") == .matches)
  }

  @Test("no error while typing; red underline and message after leaving")
  func error() {
    focus(gallery.email)
    type("ada")
    #expect(!screen.lines.joined().contains("An address needs an @"))
    press(Key(.tab))
    #expect(screen.lines.joined().contains("An address needs an @"))
    #expect(compareSnapshot(screen, named: "gallery-error") == .matches)
  }

  @Test("Tab skips the disabled field")
  func disabledSkipped() {
    focus(gallery.phone)
    press(Key(.tab))
    #expect(application.focused === gallery.email)
  }

  @Test("an edit redraws only the field edited")
  func redraws() {
    let views = gallery.root.subtree
    let before = views.map(\.drawCount)
    type("x")
    let redrawn = views.indices.filter { views[$0].drawCount != before[$0] }
    #expect(redrawn.map { views[$0] }.count == 1)
    #expect(views[redrawn[0]] === gallery.plain)
  }

  @Test("moving focus between other fields does not redraw the email field")
  func tabsLeaveEmailAlone() {
    application.focus(gallery.email)
    press(Key(.tab))  // left once: from now on it may show its error
    application.focus(gallery.plain)
    application.render()
    let before = gallery.email.drawCount
    press(Key(.tab), Key(.tab), Key(.tab))
    #expect(application.focused !== gallery.email)
    #expect(gallery.email.drawCount == before)
  }

  @Test("every field shows what it would draw now, after every key")
  func nothingStale() {
    let script: [Event] = [
      .text("Ada"), .key(Key(.tab)), .text("Paris"), .key(Key(.tab)), .text("pw"),
      .key(Key(.function(2))), .key(Key(.tab)), .text("12x"), .key(Key(.tab)), .text("916"),
      .key(Key(.tab)), .text("ada"), .key(Key(.tab, .shift)), .paste("+7 (916) 123-45-67"),
      .key(Key(.tab)), .key(Key(.backspace)),
    ]
    for event in script {
      application.process([event])
      #expect(application.staleViews().isEmpty, "after \(event)")
    }
  }
}
