import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// What a login may be, on the screen: the characters row, the reason under the button,
/// lookalikes, and the whole form still in 80x24.
@Suite("Logins on the Sign up screen")
struct LoginScreenTests {
  @Test("a refused login: its row unmet, the reason under the button, dim while typing")
  func refusedWhileTyping() {
    let form = SignUpHarness()
    form.type("jo sé")
    let row = form.screen.row(containing: "✗ Letters, digits and . _ -")
    #expect(row != nil)
    let message = form.screen.row(containing: "No spaces in a login")
    #expect(message == form.screen.row(containing: "[ Create account ]").map { $0 + 1 })
    if let message {
      let column = form.screen.line(message).firstRange(of: "No spaces")!.lowerBound
      let x = form.screen.line(message).distance(
        from: form.screen.line(message).startIndex, to: column)
      #expect(form.screen.cell(at: Point(x: x, y: message)).style == Style(.dim))
    }
    form.press(Key(.backspace), Key(.backspace), Key(.backspace))
    form.type("sé")
    #expect(form.screen.row(containing: "No spaces") == nil)
  }

  @Test("after leaving the field the reason is an error")
  func refusedAfterLeaving() {
    let form = SignUpHarness()
    form.type("jo sé")
    form.settle()
    form.press(Key(.tab))
    #expect(compareSnapshot(form.screen, named: "sign-up-login-refused") == .matches)
  }

  @Test(
    "each language says why precisely",
    arguments: [
      (Language.english, "Жoра", "Mixes alphabets, such as Latin and Cyrillic"),
      (.russian, "Жoра", "Смешаны разные алфавиты"),
      (.english, ".alice", "Begin with a letter or a digit"),
      (.russian, ".alice", "Начните с буквы или цифры"),
      (.english, "ali@ce", "“@” is not allowed: letters, digits, . _ -"),
      (.russian, "ali@ce", "«@» нельзя: только буквы, цифры, . _ -"),
      (.english, String(repeating: "a", count: 33), "Longer than 32 characters"),
      (.russian, String(repeating: "a", count: 33), "Длиннее 32 символов"),
    ])
  func reasonInEachLanguage(language: Language, login: String, reason: String) {
    let form = SignUpHarness(strings: language.strings)
    form.type(login)
    #expect(form.screen.row(containing: reason) != nil)
  }

  @Test("a lookalike of an existing login: Login is free is unmet and says so, naming nobody")
  func lookalike() {
    let policy = UnicodeLoginPolicy()
    let form = SignUpHarness(
      store: InMemoryAccountStore(logins: ["scope"], identity: policy), policy: policy)
    // Every letter Cyrillic: one script, so the characters are fine.
    form.type("\u{455}\u{441}\u{43E}\u{440}\u{435}")
    form.settle()
    #expect(compareSnapshot(form.screen, named: "sign-up-lookalike") == .matches)
    #expect(!form.screen.snapshot.contains("scope"))
  }

  @Test("a reserved name in another case is not free; mixed letters are refused first")
  func reserved() {
    let form = SignUpHarness(strings: .russian)
    form.type("ROOT")
    form.settle()
    #expect(form.screen.row(containing: "✗ Это имя зарезервировано") != nil)
    // Latin R and t with Cyrillic о: the characters rule says no, so nobody is asked.
    let mixed = SignUpHarness(strings: .russian)
    mixed.type("R\u{43E}\u{43E}t")
    mixed.settle()
    #expect(mixed.screen.row(containing: "✗ Буквы, цифры и . _ -") != nil)
    #expect(mixed.store.lookedUp.isEmpty)
  }

  @Test(
    "80x24 shows the whole form, the Sign in link included, in each language",
    arguments: Language.allCases)
  func fitsIn80x24(language: Language) {
    let strings = language.strings
    let form = SignUpHarness(strings: strings)
    form.type("jo sé")
    form.press(Key(.tab))
    // A weak password: the policy's row says why, the meter shows.
    form.type("Secret123")
    form.settle()
    form.press(Key(.enter))
    // Struck rows are compared without their strokes.
    let lines = form.screen.lines.map { $0.replacingOccurrences(of: "\u{0336}", with: "") }
    for text in [
      strings.signUpTitle, strings.loginLength, strings.loginCharacters, strings.loginIsFree,
      strings.passwordLength, strings.passwordUppercase,
      strings.passwordRefusal(.dictionaryWord), strings.strengthLabel,
      strings.confirmationMatches, strings.loginProblem(.space),
    ] {
      #expect(lines.contains { $0.contains(text) }, "\(text)")
    }
    #expect(lines[23].contains(strings.haveAccount + " " + strings.signInLink))
    #expect(form.form.root.sizeThatFits(Size(width: 80, height: 24)).height <= 24)
  }

  @Test("the form is as wide as its widest requirement text, whatever the row shows")
  func widthFromRequirements() {
    let strings = Strings.english
    let rules = Requirement.signUp(strings, policy: FakeLoginPolicy())
    #expect(Self.width(rules) == 49)
    let wide = String(repeating: "w", count: 60)
    let wider =
      rules + [
        Requirement(
          id: "x", field: .login, text: "short", check: .rule { _ in true }, otherTexts: [wide])
      ]
    #expect(Self.width(wider) == 60 + 2 + 4)
  }

  /// The width the program lays a form with `requirements` out at.
  static func width(_ requirements: [Requirement]) -> Int {
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let app = RegistrationApp(
      application: Application(screen: MemoryScreen(size: Size(width: 80, height: 24))),
      signUpModel: RegistrationViewModel(
        store: store, scheduler: scheduler, policy: FakeLoginPolicy(),
        requirements: requirements),
      signInModel: SignInViewModel(store: store, scheduler: scheduler))
    return app.application.contentWidth
  }
}
