import PlainFrontEnd
import Registration
import Terminal
import TestSupport
import Testing

/// Lines the reader cannot take (bytes that are not UTF-8, too many combining marks in a
/// row): the dialogue says why; a person is asked again, a script ends as for a NUL.
@Suite("Plain front end: lines that cannot be taken")
struct RefusedLineTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  /// A dialogue reading `lines` in order, and what it wrote.
  final class Lines {
    var lines: [InputLine]
    var written = ""
    init(_ lines: [InputLine]) { self.lines = lines }

    func dialogue(interactive: Bool) -> StandardDialogue {
      StandardDialogue(
        isInteractive: interactive,
        readAnswer: { _ in self.lines.isEmpty ? nil : self.lines.removeFirst() },
        write: { self.written += $0 })
    }
  }

  func signUp(_ lines: Lines, interactive: Bool, strings: Strings = .english)
    -> PlainFrontEnd.Outcome
  {
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: strings, policy: FakeLoginPolicy())
    return PlainFrontEnd(
      dialogue: lines.dialogue(interactive: interactive), scheduler: scheduler, strings: strings
    ).signUp(model)
  }

  @Test("a script's password that is not UTF-8: said why, nothing created, unmet (exit 1)")
  func scriptInvalidUTF8() {
    let lines = Lines([.text("bobby"), .refused(.invalidUTF8), .text("Secret123")])
    #expect(signUp(lines, interactive: false) == .unmet)
    #expect(store.count == 1)
    #expect(lines.written.contains(Strings.english.answerNotUTF8 + "\n"))
    #expect(!lines.written.contains("[x] At least 8"))
  }

  @Test("a person's login with too many marks: said why, asked again, then created")
  func personTooManyMarks() {
    let lines = Lines([
      .refused(.tooManyCombiningMarks), .text("bobby"), .text("Secret123"), .text("Secret123"),
    ])
    let outcome = signUp(lines, interactive: true)
    guard case .signedUp(let account) = outcome else {
      Issue.record("not created: \(outcome)")
      return
    }
    #expect(account.login == "bobby")
    #expect(lines.written.contains("Login: \(Strings.english.answerTooManyMarks)\nLogin: "))
  }

  @Test("in Russian, and a refused line is never echoed")
  func russian() {
    let lines = Lines([.refused(.invalidUTF8)])
    #expect(signUp(lines, interactive: false, strings: .russian) == .unmet)
    #expect(lines.written.hasSuffix(": \n\(Strings.russian.answerNotUTF8)\n"))
    #expect(Strings.russian.answerTooManyMarks != Strings.english.answerTooManyMarks)
  }

  @Test("Sign in and Change password refuse such a line too")
  func signInAndChangePassword() {
    let signingIn = Lines([.text("alice"), .refused(.invalidUTF8)])
    let signIn = PlainFrontEnd(
      dialogue: signingIn.dialogue(interactive: false), scheduler: scheduler, strings: .english
    ).signIn(SignInViewModel(store: store, scheduler: scheduler))
    #expect(signIn == .unmet)
    #expect(signingIn.written.contains(Strings.english.answerNotUTF8))

    let changing = Lines([.text("alice"), .refused(.tooManyCombiningMarks)])
    let change = PlainFrontEnd(
      dialogue: changing.dialogue(interactive: false), scheduler: scheduler, strings: .english
    ).changePassword(ChangePasswordViewModel(store: store, scheduler: scheduler))
    #expect(change == .unmet)
    #expect(changing.written.contains(Strings.english.answerTooManyMarks))
  }
}
