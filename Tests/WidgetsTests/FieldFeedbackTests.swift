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
}
