import Terminal
import Testing
import Widgets

/// `count` marks of alternating classes (230, 220): what normalising sorts slowest.
private func alternatingMarks(_ count: Int) -> String {
  String(String.UnicodeScalarView((0..<count).map { $0 % 2 == 0 ? "\u{301}" : "\u{316}" }))
}

/// The longest run of combining marks in `text`.
private func longestRun(_ text: String) -> Int {
  var (longest, run) = (0, 0)
  for scalar in text.unicodeScalars {
    run = CombiningRun.isNonStarter(scalar) ? run + 1 : 0
    longest = max(longest, run)
  }
  return longest
}

/// A field never holds more than 30 combining marks in a row, and says so when it refuses.
@Suite("Fields: combining marks bounded, refusals shown")
struct StreamSafeFieldTests {
  @Test("30 marks on a letter go in; a 31st, typed or pasted, is refused with the mark")
  func thirtyOneMarks() {
    let form = FieldHarness(width: 40)
    form.send(.paste("e" + alternatingMarks(30)))
    #expect(form.value == "e" + alternatingMarks(30))
    #expect(!form.field.isShowingRefusal)
    form.send(.text("\u{301}"))
    #expect(form.value == "e" + alternatingMarks(30))
    #expect(form.field.isShowingRefusal)
    form.send(.text("x"))
    #expect(form.value == "e" + alternatingMarks(30) + "x")
    form.send(.paste("o" + alternatingMarks(31)))
    #expect(form.value == "e" + alternatingMarks(30) + "x")
    #expect(form.field.isShowingRefusal)
    #expect(form.changes == 2)
  }

  @Test("a megabyte paste of alternating marks is refused, in a plain and a secure field")
  func megabyte() {
    for secure in [false, true] {
      let form = FieldHarness(secure: secure, width: 40)
      form.send(.paste("a" + alternatingMarks(1 << 19)))
      #expect(form.value == "")
      #expect(form.field.isShowingRefusal)
      #expect(form.changes == 0)
    }
  }

  @Test("what the decoder refused shows as a refusal, and types nothing")
  func refusedEvent() {
    let form = FieldHarness()
    form.type("ab")
    form.send(.refused(.invalidUTF8))
    #expect(form.value == "ab")
    #expect(form.field.isShowingRefusal)
    form.type("c")
    #expect(!form.field.isShowingRefusal)
    #expect(form.value == "abc")
  }

  @Test("a longer run the model put there can still be deleted")
  func modelsRunDeletes() {
    let form = FieldHarness(width: 40)
    form.model.value = "ab" + alternatingMarks(40)
    form.press(Key(.backspace))
    #expect(form.value == "a")
  }

  @Test("paste cleaning, scalar by scalar: CR LF one space, line breaks at the ends gone")
  func pasteCleaning() {
    let form = FieldHarness(width: 40)
    form.send(.paste("\r\na\r\nb\u{2028}c\td\u{85}e\n\r\n"))
    #expect(form.value == "a b c d e")
    #expect(longestRun(form.value) == 0)
  }
}
