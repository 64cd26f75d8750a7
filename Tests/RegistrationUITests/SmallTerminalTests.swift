import Foundation
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Small terminals: whatever has focus is shown whole, the notice for a terminal too small
/// says what is needed, and marks show that part of the form is out of sight.
@Suite("Small terminals")
struct SmallTerminalTests {
  /// The text drawn inside `view`'s frame on the screen, its rows joined by spaces.
  func text(of view: View, in form: SignUpHarness) -> String? {
    guard let frame = form.application.screenFrame(of: view) else { return nil }
    let screen = Rect(origin: .zero, size: form.screen.size)
    guard frame.intersection(screen) == frame else { return nil }
    return (frame.minY..<frame.maxY).map { y in
      let line = Array(form.screen.line(y))
      let start = min(frame.minX, line.count)
      let end = min(frame.maxX, line.count)
      return String(line[start..<end]).trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  @Test(
    "at 20 columns every stop of the Tab order is shown whole, in both languages",
    arguments: [Strings.english, Strings.russian], [6, 12, 24])
  func focusedIsWhole(strings: Strings, height: Int) {
    let form = SignUpHarness(size: Size(width: 20, height: height), strings: strings)
    let link = strings.haveAccount + " " + strings.signInLink
    for _ in 0..<5 {
      let focused = form.focused!
      let shown = text(of: focused, in: form)
      #expect(shown != nil, "\(focused) is on screen")
      if focused === form.form.signInLink { #expect(shown == link) }
      if let field = focused as? TextField {
        #expect(shown?.hasPrefix(field.label) == true, "the label of \(field.label) shows whole")
      }
      if focused === form.form.submitButton { #expect(shown == "[ \(strings.signUpButton) ]") }
      form.press(Key(.tab))
    }
  }

  @Test(
    "the notice for a terminal too small is centred, wrapped whole, and names the size needed",
    arguments: [Size(width: 16, height: 5), Size(width: 19, height: 6), Size(width: 60, height: 5)])
  func tooSmallNotice(size: Size) {
    let form = SignUpHarness(size: size)
    let lines = form.screen.lines.enumerated().filter {
      !$0.element.trimmingCharacters(in: .whitespaces).isEmpty
    }
    let words = lines.map { $0.element.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(words.contains("needs at least 20 columns and 6 rows"), "says what is needed: \(words)")
    #expect(words.hasPrefix("Terminal too small"))
    for (_, line) in lines {
      let left = line.prefix { $0 == " " }.count
      let right = size.width - line.count + line.reversed().prefix { $0 == " " }.count
      #expect(abs(left - right) <= 1, "centred: '\(line)'")
    }
    let top = lines.first!.offset
    let bottom = size.height - 1 - lines.last!.offset
    #expect(abs(top - bottom) <= 1, "in the middle, top to bottom")
  }

  @Test("marks show that part of the form is above or below the screen")
  func scrollMarks() {
    let form = SignUpHarness(size: Size(width: 60, height: 12))
    #expect(!form.screen.line(0).contains("▲"), "nothing above at the start")
    #expect(form.screen.line(11).contains("▼"), "more below")
    form.press(Key(.tab, .shift))  // to the last stop, the Sign in link
    #expect(form.focused === form.form.signInLink)
    #expect(form.screen.line(0).contains("▲"), "more above")
    #expect(!form.screen.line(11).contains("▼"), "nothing below at the end")
    let full = SignUpHarness()
    #expect(!full.screen.lines.joined().contains("▲") && !full.screen.lines.joined().contains("▼"))
  }
}
