import Terminal
import Testing
import Widgets

/// NUL and the other C0 and C1 controls never get into a field, however they come.
@Suite("Fields: control characters")
struct ControlCharacterTests {
  static let controls = "\u{0}\u{1}\u{7}\u{8}\u{1B}\u{7F}\u{80}\u{85}\u{9B}\u{9F}"

  @Test("typed text loses its controls; the rest goes in as one change")
  func typed() {
    let form = FieldHarness()
    form.send(.text("a\u{0}b\u{1B}]0;x\u{7}c\u{9B}d\u{7F}"))
    #expect(form.value == "ab]0;xcd")
    #expect(form.changes == 1)
  }

  @Test("text of nothing but controls changes nothing")
  func onlyControls() {
    let form = FieldHarness()
    form.send(.text(Self.controls))
    #expect(form.value == "")
    #expect(form.changes == 0)
  }

  @Test("a paste: inner tabs and line breaks become spaces, other controls go")
  func pasted() {
    let form = FieldHarness(width: 40)
    form.send(.paste("a\u{0}b\tc\nd\u{1B}e\u{85}f\u{9B}g\u{7F}h"))
    #expect(form.value == "ab c de fgh")
  }

  @Test("a secure field too")
  func secure() {
    let form = FieldHarness(secure: true)
    form.send(.text("A" + Self.controls + "b"), .paste("\u{0}c\u{0}"))
    #expect(form.value == "Abc")
  }

  @Test("a NUL byte from the terminal inserts nothing")
  func fromTheDecoder() {
    let form = FieldHarness()
    var decoder = InputDecoder()
    let events = decoder.decode([0x61, 0x00, 0x62] + Array("\u{1B}[200~c\u{0}d\u{1B}[201~".utf8))
    form.application.process(events)
    #expect(form.value == "abcd")
  }
}

/// A model may change a field's value while the field is not drawn (a terminal too small
/// to show it): the next edit starts from what the model holds, not a stale copy.
@Suite("Fields: a value changed by the model")
struct ModelChangedValueTests {
  @Test("typing after the model cleared the value, with no draw between")
  func typedAfterModelChange() {
    let form = FieldHarness()
    form.send(.text("Secret123"))
    form.model.value = ""
    // No render: the event goes straight to the field, as in a batch after a resize.
    _ = form.field.handle(.text("x"))
    #expect(form.value == "x")
  }
}
