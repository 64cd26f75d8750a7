import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// The questions' rows and captions as the person meets them: errors once a question is
/// left (like the login's and the password's), an empty email neither met nor wrong, and
/// the length of a limited answer counted in its caption.
@Suite("Sign up questions: errors after leaving, neutral rows, lengths")
struct SignUpQuestionEdgesTests {
  static let questions = [
    SignUpQuestion(name: "nick", label: "Nickname", maxLength: 8, help: "How we greet you"),
    SignUpQuestion(name: "email", label: "Email", kind: .email),
    SignUpQuestion(name: "why", label: "Why an account?", required: true),
    SignUpQuestion(name: "about", label: "About you", kind: .textArea, maxLength: 200),
  ]

  func form(russian: Bool = false) -> SignUpHarness {
    SignUpHarness(
      size: Size(width: 80, height: 40), strings: russian ? .russian : .english,
      questions: Self.questions, questionStrings: russian ? .russian : .english)
  }

  func field(_ name: String, of form: SignUpHarness) -> View {
    form.form.questionViews.view(named: name)!
  }

  /// The style of the first character of `text` on the screen.
  func style(of text: String, on screen: MemoryScreen) -> Style? {
    for y in 0..<screen.size.height {
      let line = screen.line(y)
      let plain = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\u{336}" }))
      guard let range = plain.range(of: text) ?? line.range(of: text) else { continue }
      let column = TextWidth.columns(of: String(plain[..<range.lowerBound]))
      return screen.cell(at: Point(x: column, y: y)).style
    }
    return nil
  }

  @Test("a question's unmet rows show as errors once the person leaves it, not while typing")
  func errorsAfterLeaving() {
    let form = form()
    let theme = form.application.theme
    form.application.focus(field("email", of: form))
    form.type("bob@example")
    #expect(style(of: "Looks like an address", on: form.screen) == theme.unmet, "typing")
    form.press(Key(.tab))
    #expect(form.focused === field("why", of: form))
    #expect(style(of: "Looks like an address", on: form.screen) == theme.error, "left")
    #expect(style(of: "Answered", on: form.screen) == theme.unmet, "not left yet")
    form.press(Key(.tab))
    #expect(style(of: "Answered", on: form.screen) == theme.error, "left unanswered")
    #expect(form.store.count == 0)
  }

  @Test("an empty email, left, is neither met nor an error; Create account is not held back")
  func emptyEmailNeutral() {
    let form = form()
    let theme = form.application.theme
    let email = form.model.questions.answering(named: "email")!
    form.application.focus(field("email", of: form))
    form.press(Key(.tab))
    #expect(style(of: "Looks like an address", on: form.screen) == theme.unmet)
    #expect(!form.screen.lines.contains { $0.contains("L̶o̶o̶k̶s̶") }, "not struck as met")
    #expect(email.isMet, "nothing to check holds nothing back")
    #expect(email.rows.map(\.isMet) == [false])
  }

  @Test(
    "a limited answer's length in its caption, in the error style at the limit",
    arguments: [false, true])
  func lengthIndicator(russian: Bool) {
    let form = form(russian: russian)
    let theme = form.application.theme
    let counted = { (count: Int, limit: Int) in
      russian ? "\(count) из \(limit)" : "\(count)/\(limit)"
    }
    #expect(form.screen.row(containing: "How we greet you  \(counted(0, 8))") != nil)
    form.application.focus(field("nick", of: form))
    form.type("bobby")
    #expect(style(of: counted(5, 8), on: form.screen) == theme.caption)
    form.type("bob")
    #expect(style(of: "How we greet you  \(counted(8, 8))", on: form.screen) == theme.error)
    form.type("x")
    #expect(form.model.questions.answering(named: "nick")?.text == "bobbybob", "no more")
    form.press(Key(.backspace))
    #expect(style(of: counted(7, 8), on: form.screen) == theme.caption)
    form.application.focus(field("about", of: form))
    form.type("Hi")
    form.press(Key(.enter))
    form.type("there")
    #expect(form.screen.row(containing: counted(8, 200)) != nil, "a line break counts as one")
  }
}
