import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Numbers from the terminal, however large, never trap: the form takes them through the
/// decoder (which clamps them) and through the run loop (which takes any point).
@Suite("Hostile numbers")
struct HostileNumberTests {
  /// A form too tall for its screen, scrolled down to the confirmation field.
  static func scrolledForm() -> SignUpHarness {
    let form = SignUpHarness(size: Size(width: 60, height: 8))
    form.type("alice")
    form.press(Key(.tab), Key(.tab))
    #expect(form.screen.row(containing: "Create account") == nil, "the form has scrolled")
    return form
  }

  /// What the terminal's bytes decode to, sent as one batch, as the run loop does.
  static func send(_ bytes: String, to form: SignUpHarness) {
    var decoder = InputDecoder()
    form.application.process(decoder.decode(Array(bytes.utf8)) + decoder.flush())
  }

  static let hugeNumbers = [
    "99999999999", "9223372036854775807", "9223372036854775808", "18446744073709551616",
    "99999999999999999999999999999999", "0", "-1", "-9223372036854775808", "",
  ]

  @Test("a mouse report with huge coordinates on a scrolled form")
  func hugeMouseCoordinates() {
    let form = Self.scrolledForm()
    for number in Self.hugeNumbers {
      for report in [
        "\u{1B}[<0;\(number);\(number)M", "\u{1B}[<0;5;\(number)M", "\u{1B}[<0;\(number);5M",
        "\u{1B}[<\(number);5;5M", "\u{1B}[<0;\(number);\(number)m",
      ] {
        Self.send(report, to: form)
      }
    }
    // Still working: typing goes to the focused field and Ctrl-C ends the session.
    form.type("x")
    #expect(form.model.confirmation == "x")
    form.press(.control("c"))
    #expect(form.app.outcome == .interrupted)
  }

  @Test(
    "a click at any point, however far off the screen",
    arguments: [
      Point(x: .max, y: .max), Point(x: .min, y: .min), Point(x: .max, y: .min),
      Point(x: .min, y: .max), Point(x: 0, y: .max), Point(x: .max, y: 0), Point(x: -1, y: -1),
    ])
  func anyPoint(point: Point) {
    let form = Self.scrolledForm()
    for button in [MouseEvent.Button.left, .right, .wheelUp] {
      form.send(.mouse(MouseEvent(button, .press, at: point)))
    }
    #expect(form.focused === form.form.confirmationField)
    form.type("x")
    #expect(form.model.confirmation == "x")
  }

  @Test("huge numbers in a key's code and modifier parameters are no key at all")
  func hugeKeyParameters() {
    let form = Self.scrolledForm()
    for number in Self.hugeNumbers {
      for sequence in [
        "\u{1B}[\(number)~", "\u{1B}[\(number);\(number)~", "\u{1B}[1;\(number)D",
        "\u{1B}[\(number);5C", "\u{1B}[3;\(number)~", "\u{1B}[\(number);\(number)H",
      ] {
        Self.send(sequence, to: form)
      }
    }
    #expect(form.focused === form.form.confirmationField)
    #expect(form.model.confirmation.isEmpty)
    form.press(.control("c"))
    #expect(form.app.outcome == .interrupted)
  }
}
