import Terminal
import Testing
import Widgets

/// A field's maximum length, in characters or in UTF-8 bytes: typing and pasting stop at
/// it, and the field says why until the next edit that fits.
@Suite("Field maximum length")
struct FieldLimitTests {
  static let notice = "At most 5"

  func field(
    secure: Bool = false, measure: LengthMeasure = .characters, caption: String? = nil,
    width: Int = 30
  ) -> FieldHarness {
    FieldHarness(secure: secure, width: width, caption: caption) { field in
      field.maxLength = 5
      field.lengthMeasure = measure
      field.maxLengthMessage = Self.notice
    }
  }

  @Test("typing past the maximum is refused, and the label row says why")
  func typing() {
    let form = field()
    form.type("abcde")
    #expect(!form.labelRow.contains(Self.notice))
    form.type("f")
    #expect(form.value == "abcde")
    #expect(form.changes == 5)
    #expect(form.labelRow == "Name" + String(repeating: " ", count: 17) + Self.notice)
    let x = form.labelRow.count - Self.notice.count
    #expect(form.screen.cell(at: Point(x: x, y: form.field.frame.minY)).style.foreground == .red)
  }

  @Test("the notice stays while nothing is edited, and goes at the next edit that fits")
  func noticeGoes() {
    let form = field()
    form.type("abcdef")
    form.press(Key(.left))
    #expect(form.labelRow.contains(Self.notice), "a cursor move edits nothing")
    form.type("g")
    #expect(form.labelRow.contains(Self.notice), "still refused")
    form.press(Key(.backspace))
    #expect(form.value == "abce")
    #expect(form.labelRow == "Name")
    form.type("x")
    #expect(form.value == "abcxe")
    #expect(form.labelRow == "Name")
  }

  @Test("a paste is cut at the maximum, as one edit, with the notice")
  func paste() {
    let form = field()
    form.type("ab")
    form.send(.paste("123456789"))
    #expect(form.value == "ab123")
    #expect(form.changes == 3)
    #expect(form.labelRow.contains(Self.notice))
  }

  @Test("a paste that fits says nothing")
  func pasteThatFits() {
    let form = field()
    form.send(.paste("12345"))
    #expect(form.value == "12345")
    #expect(!form.labelRow.contains(Self.notice))
  }

  @Test("graphemes count as one character each: 👍🏽 and é are one")
  func graphemes() {
    let form = field()
    form.send(.paste("👍🏽e\u{301}Жab中"))
    #expect(form.value == "👍🏽e\u{301}Жab")
    #expect(form.labelRow.contains(Self.notice))
  }

  @Test("measured in bytes: a character that would pass the maximum is not split, not taken")
  func bytes() {
    let form = field(measure: .utf8Bytes)
    form.type("ab")
    form.type("Ж")  // 2 bytes: 4 in all
    #expect(form.value == "abЖ")
    form.type("中")  // 3 bytes would make 7
    #expect(form.value == "abЖ")
    #expect(form.labelRow.contains(Self.notice))
    form.type("c")  // 1 byte: 5, fits
    #expect(form.value == "abЖc")
    #expect(!form.labelRow.contains(Self.notice))
    form.send(.paste("de"))
    #expect(form.value == "abЖc")
    #expect(form.labelRow.contains(Self.notice))
  }

  @Test("a secure field measured in bytes shows the notice beside its reveal toggle")
  func secure() {
    let form = field(secure: true, measure: .utf8Bytes)
    form.send(.paste("Жжжж"))
    #expect(form.value == "Жж")
    #expect(form.labelRow == "Secret        " + Self.notice + " [show]")
    #expect(form.valueRow == "••")
  }

  @Test("a field with a caption shows the notice in the caption row instead")
  func caption() {
    let form = field(caption: "Help text")
    form.type("abcdef")
    #expect(form.captionRow == Self.notice)
    #expect(form.labelRow == "Name")
    form.press(Key(.backspace))
    #expect(form.captionRow == "Help text")
  }

  @Test("too narrow for label and notice: the notice takes the label's place")
  func narrow() {
    let form = field(width: 12)
    form.type("abcdef")
    #expect(form.labelRow == Self.notice)
  }
}
