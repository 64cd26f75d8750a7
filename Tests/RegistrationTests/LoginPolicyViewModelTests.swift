import Registration
import TestSupport
import Testing

/// The sign-up view model with a login policy (a fake here; the real one is tested in
/// PolicyTests): the characters row, the reason a login is refused, lookalikes, reserved
/// and system names, in English and Russian.
@Suite("Login policy in the view model")
struct LoginPolicyViewModelTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  func model(
    _ strings: Strings = .english, policy: FakeLoginPolicy = FakeLoginPolicy()
  ) -> RegistrationViewModel {
    RegistrationViewModel(store: store, scheduler: scheduler, strings: strings, policy: policy)
  }

  func row(_ model: RegistrationViewModel, _ id: String) -> RequirementStatus {
    model.requirements.first { $0.id == id }!
  }

  @Test("the characters row is struck when the policy accepts the login, not when empty")
  func charactersRow() {
    let model = model()
    let characters = row(model, "login.characters")
    #expect(characters.text == "Letters, digits and . _ -")
    #expect(characters.state == .unmet)
    model.login = "bob"
    #expect(characters.state == .met)
    model.login = "bo b"
    #expect(characters.state == .unmet)
    #expect(!model.canSubmit)
  }

  @Test("the rule the login breaks is the model's, at once, and goes when it is fixed")
  func problem() {
    let model = model()
    #expect(model.loginProblem == nil)
    model.login = "bo b"
    #expect(model.loginProblem == .space)
    model.login = "bo@b"
    #expect(model.loginProblem == .notAllowed("@"))
    model.login = "bob"
    #expect(model.loginProblem == nil)
    model.login = ""
    #expect(model.loginProblem == nil)
  }

  @Test(
    "the row says what the rule is, by language and by rule",
    arguments: [
      (Language.english, LoginRule.unicode, "Letters, digits and . _ -"),
      (.russian, .unicode, "Буквы, цифры и . _ -"),
      (.english, .unixNames, "Lowercase a-z, digits, - and _"),
      (.russian, .unixNames, "Строчные a-z, цифры, - и _"),
    ])
  func rowText(language: Language, rule: LoginRule, text: String) {
    let model = model(language.strings, policy: FakeLoginPolicy(rule: rule))
    #expect(row(model, "login.characters").text == text)
  }

  @Test(
    "a lookalike of an existing login: Login is free stays unmet and says so",
    arguments: [
      (Language.english, "Looks like an existing login"), (.russian, "Похож на существующий логин"),
    ])
  func lookalike(language: Language, text: String) {
    let strings = language.strings
    let model = model(strings)
    let free = row(model, "login.free")
    model.login = "a1ice"
    scheduler.settle()
    #expect(free.state == .unmet)
    #expect(free.text == text)
    #expect(!free.text.contains("alice"))
    // Typing on: checking again, with the row's own text.
    model.login = "a1icea"
    #expect(free.state == .checking)
    #expect(free.text == strings.loginIsFree)
    scheduler.settle()
    #expect(free.state == .met)
    // Back to the lookalike: asked again, and said again.
    model.login = "a1ice"
    scheduler.settle()
    #expect(free.text == text)
  }

  @Test(
    "a reserved name, or a lookalike of one, is not free",
    arguments: [
      (Language.english, "This name is reserved"), (.russian, "Это имя зарезервировано"),
    ])
  func reserved(language: Language, text: String) {
    let model = model(language.strings, policy: FakeLoginPolicy(reserved: ["root"]))
    let free = row(model, "login.free")
    for login in ["root", "ROOT", "r0ot", "r\u{43E}ot"] {
      model.login = login
      scheduler.settle()
      #expect(free.state == .unmet, "\(login)")
      #expect(free.text == text, "\(login)")
    }
    #expect(!store.lookedUp.contains("root"), "a reserved name needs no store")
  }

  @Test(
    "with Unix names, a system user or group is not free",
    arguments: [
      (Language.english, "A system user or group has this name"),
      (.russian, "Это имя системного пользователя или группы"),
    ])
  func systemName(language: Language, text: String) {
    let policy = FakeLoginPolicy(rule: .unixNames, systemNames: ["daemon"])
    let model = model(language.strings, policy: policy)
    model.login = "daemon"
    scheduler.settle()
    #expect(row(model, "login.free").state == .unmet)
    #expect(row(model, "login.free").text == text)
  }

  @Test(
    "with Unix names, a login registered here (the hook made its user) is taken: sign in instead"
  )
  func registeredSystemName() {
    // `alice` is in the store and, since the hook made her Unix user, a system name too.
    let policy = FakeLoginPolicy(rule: .unixNames, systemNames: ["alice", "daemon"])
    let model = model(policy: policy)
    model.login = "alice"
    scheduler.settle()
    #expect(row(model, "login.free").state == .unmet)
    #expect(row(model, "login.free").text == "This login is taken.")
    #expect(model.canSignInInstead)
    // A system name nobody registered here still says so.
    model.login = "daemon"
    scheduler.settle()
    #expect(row(model, "login.free").text == "A system user or group has this name")
    #expect(!model.canSignInInstead)
  }

  @Test("a name reserved between the check and Sign up is refused, and the form stays")
  func reservedMeanwhile() {
    let reserved = ReservingPolicy()
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: reserved)
    model.login = "bobby"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
    #expect(model.canSubmit)
    reserved.reserveEverything = true
    model.submit()
    scheduler.settle()
    #expect(store.count == 1)
    #expect(model.message == Strings.english.loginTakenMeanwhile)
    #expect(!model.canSubmit)
  }

  @Test(
    "every refusal has its own words in English and in Russian, short enough for the form",
    arguments: Language.allCases)
  func problemTexts(language: Language) {
    let strings = language.strings
    let problems: [LoginProblem] = [
      .space, .controlCharacter, .invisibleCharacter, .unknownCharacter, .notAllowed("@"),
      .startsWithPunctuation, .endsWithPunctuation, .punctuationInARow, .mixedScripts,
      .mixedDigits, .repeatedMark, .tooManyMarks, .tooLong(limit: 32), .unixFirstCharacter,
      .unixCharacter("I"),
    ]
    let texts = problems.map(strings.loginProblem)
    #expect(Set(texts).count == problems.count, "two refusals share their words")
    for text in texts { #expect(!text.isEmpty && text.count <= 45, "\(text)") }
    #expect(strings.loginProblem(.notAllowed("@")).contains("@"))
    #expect(strings.loginProblem(.unixCharacter("I")).contains("I"))
    #expect(strings.loginProblem(.tooLong(limit: 32)).contains("32"))
  }

  @Test("English and Russian say different things, each in its own words")
  func languagesDiffer() {
    #expect(Strings.english.loginProblem(.space) == "No spaces in a login")
    #expect(Strings.russian.loginProblem(.space) == "В логине не может быть пробелов")
    #expect(
      Strings.russian.loginProblem(.mixedScripts) == "Смешаны разные алфавиты")
  }
}

/// A policy whose reserved names change while the form is open.
private final class ReservingPolicy: LoginPolicy, @unchecked Sendable {
  var reserveEverything = false
  let base = FakeLoginPolicy()

  var rule: LoginRule { base.rule }
  func normalized(_ login: String) -> String { base.normalized(login) }
  func identityKey(_ login: String) -> String { base.identityKey(login) }
  func skeleton(_ login: String) -> String { base.skeleton(login) }
  func validate(_ login: String) -> LoginProblem? { base.validate(login) }
  func reservation(of login: String) -> LoginReservation? {
    reserveEverything ? .reserved : nil
  }
}
