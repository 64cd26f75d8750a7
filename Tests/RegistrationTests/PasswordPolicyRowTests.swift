import Registration
import TestSupport
import Testing

/// "Hard to guess" and the strength meter in the view model, with a fake policy and
/// virtual time: nothing here sleeps.
@Suite("Password policy row")
struct PasswordPolicyRowTests {
  let scheduler = ManualScheduler()

  func model(
    policy: FakePasswordPolicy = FakePasswordPolicy(), strings: Strings = .english,
    estimator: (any StrengthEstimator)? = FakeStrengthEstimator()
  ) -> RegistrationViewModel {
    RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, strings: strings,
      policy: FakeLoginPolicy(), passwordPolicy: policy, strengthEstimator: estimator)
  }

  func row(_ model: RegistrationViewModel) -> RequirementStatus {
    model.requirements.first { $0.id == "password.policy" }!
  }

  /// Types `text` into the password one character at a time, `gap` apart.
  func type(_ text: String, into model: RegistrationViewModel, gap: Duration = .milliseconds(100)) {
    for character in text {
      model.password += String(character)
      scheduler.advance(by: gap)
    }
  }

  @Test("a row under Password only when there is a policy")
  func present() {
    let ids = model().requirements.map(\.id)
    #expect(
      ids == [
        "login.length", "login.characters", "login.free", "password.length", "password.uppercase",
        "password.policy",
        "confirmation.matches",
      ])
    let without = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy())
    #expect(!without.requirements.contains { $0.id == "password.policy" })
  }

  @Test("checked 250 ms after the last keystroke, once, with the login it must not resemble")
  func debounce() {
    let policy = FakePasswordPolicy()
    let model = model(policy: policy)
    model.login = "alice"
    scheduler.settle()
    #expect(row(model).state == .unmet)
    #expect(row(model).displayText == "Hard to guess")
    type("Zq7vLm2pR", into: model)
    #expect(row(model).state == .checking)
    #expect(row(model).displayText == "Checking that the password is hard to guess")
    #expect(policy.questions.isEmpty, "100 ms gaps never let the timer fire")
    scheduler.advance(by: .milliseconds(149))
    #expect(scheduler.pendingWork == 0)
    scheduler.advance(by: .milliseconds(1))
    #expect(scheduler.pendingWork == 1)
    #expect(row(model).state == .checking, "still checking while the policy answers")
    scheduler.finishAllWork()
    #expect(row(model).state == .met)
    #expect(row(model).displayText == "Hard to guess")
    #expect(policy.questions == [.init(password: "Zq7vLm2pR", login: "alice")])
  }

  @Test("while unmet the row says why")
  func reason() {
    let model = model()
    model.login = "alice"
    for (password, text) in [
      ("Password1", "Easy to guess: based on a dictionary word"),
      ("alice2026", "Easy to guess: contains the login"),
    ] {
      model.password = password
      scheduler.settle()
      #expect(row(model).state == .unmet)
      #expect(row(model).note == text)
      #expect(row(model).displayText == text)
    }
  }

  @Test("each refusal reason, in English and Russian", arguments: PasswordRefusal.allCases)
  func everyReason(refusal: PasswordRefusal) {
    for strings in [Strings.english, .russian] {
      let model = model(policy: FakePasswordPolicy { _, _ in .refused(refusal) }, strings: strings)
      model.password = "Zq7vLm2pR"
      scheduler.settle()
      #expect(row(model).displayText == strings.passwordRefusal(refusal))
      #expect(!row(model).displayText.contains("Zq7vLm2pR"))
    }
  }

  @Test("an answer that comes after the text changed never shows; the newest one does")
  func staleAnswers() {
    let policy = FakePasswordPolicy()
    let model = model(policy: policy)
    model.password = "Password1"
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 1, "Password1 is being checked")
    model.password = "Zq7vLm2pR"
    #expect(row(model).state == .checking)
    scheduler.finishAllWork()
    #expect(row(model).state == .checking, "the answer for Password1 is not for this text")
    #expect(row(model).note == nil)
    model.password = "Secret123"
    scheduler.advance(by: .milliseconds(250))
    model.password = "Secret1234"
    scheduler.advance(by: .milliseconds(250))
    #expect(scheduler.pendingWork == 2)
    scheduler.finishWork(at: 1)  // Secret1234 answers first...
    #expect(row(model).state == .met)
    scheduler.finishWork(at: 0)  // ...then Secret123, stale: dropped
    #expect(row(model).state == .met)
    #expect(row(model).note == nil)
  }

  @Test("a stale answer is not kept as the answer for the password asked after it")
  func staleAnswerNotKept() {
    let policy = FakePasswordPolicy()
    let model = model(policy: policy)
    model.password = "Secret123"
    scheduler.advance(by: .milliseconds(250))
    model.password = "Secret1234"
    scheduler.advance(by: .milliseconds(250))
    scheduler.finishWork(at: 1)  // Secret1234: accepted...
    scheduler.finishWork(at: 0)  // ...then Secret123's refusal, stale
    // Changed and taken back within the pause: the answer known for Secret1234 shows.
    model.password = "Secret12345"
    model.password = "Secret1234"
    #expect(row(model).state == .met)
    #expect(row(model).note == nil)
    #expect(policy.questions.count == 2, "known: not asked again")
  }

  @Test("a change taken back within the pause shows the known answer at once, unasked")
  func duplicates() {
    let policy = FakePasswordPolicy()
    let model = model(policy: policy)
    model.password = "Zq7vLm2pR"
    scheduler.settle()
    model.password = "Zq7vLm2pRx"
    #expect(row(model).state == .checking)
    model.password = "Zq7vLm2pR"
    #expect(row(model).state == .met)
    scheduler.settle()
    #expect(policy.questions.count == 1)
  }

  @Test("changing the login asks again: the password may now hold it")
  func loginChange() {
    let model = model()
    model.login = "bob"
    model.password = "alice2026"
    scheduler.settle()
    #expect(row(model).state == .met)
    model.login = "alice"
    #expect(row(model).state == .checking)
    scheduler.settle()
    #expect(row(model).note == "Easy to guess: contains the login")
  }

  @Test("Sign up needs the policy's yes")
  func canSubmit() {
    let model = model()
    model.login = "alice"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
    #expect(!model.canSubmit)
    model.password = "Zq7vLm2pR"
    model.confirmation = "Zq7vLm2pR"
    #expect(!model.canSubmit, "not while it is being checked")
    scheduler.settle()
    #expect(model.canSubmit)
  }

  @Test("leaving the form mid-pause and coming back finishes the check")
  func resume() {
    let model = model()
    model.appear()
    model.password = "Zq7vLm2pR"
    model.disappear()
    scheduler.settle()
    #expect(row(model).state == .checking)
    model.appear()
    scheduler.settle()
    #expect(row(model).state == .met)
  }

  @Test("a stricter policy changes the length row's text and rule")
  func longer() {
    let model = model(policy: FakePasswordPolicy(rules: PasswordRules(minimumLength: 12)))
    let length = model.requirements.first { $0.id == "password.length" }!
    #expect(length.text == "At least 12 characters")
    model.password = "Zq7vLm2pR"
    #expect(!length.isMet)
    model.password = "Zq7vLm2pR-x4"
    #expect(length.isMet)
    let russian = self.model(
      policy: FakePasswordPolicy(rules: PasswordRules(minimumLength: 21)), strings: .russian)
    #expect(
      russian.requirements.first { $0.id == "password.length" }!.text == "Не менее 21 символа")
  }

  @Test("the kinds of characters a policy counts become rows, counted as it counts them")
  func kinds() {
    let rules = PasswordRules(
      minimumUppercase: 2, minimumLowercase: 1, minimumDigits: 2, minimumSymbols: 1,
      minimumKinds: 4)
    let model = model(policy: FakePasswordPolicy(rules: rules))
    #expect(
      model.requirements.filter { $0.field == .password }.map(\.text) == [
        "At least 8 characters", "At least 2 uppercase letters A–Z", "One lowercase letter a–z",
        "At least 2 digits", "One symbol (not A–Z, a–z, 0–9)",
        "At least 4 of: a–z, A–Z, 0–9, symbols", "Hard to guess",
      ])
    func met(_ id: String) -> Bool { model.requirements.first { $0.id == id }!.isMet }
    model.password = "ЖЖq7vLm2"
    #expect(!met("password.uppercase"), "Ж is not A–Z, which the policy counts")
    #expect(met("password.symbols"), "but it is a symbol to the policy")
    #expect(met("password.kinds"))
    model.password = "ZQ7vLm2p"
    #expect(met("password.uppercase") && met("password.digits") && met("password.lowercase"))
    #expect(!met("password.symbols") && !met("password.kinds"))
  }

  @Test("the strength follows every keystroke; nothing typed, no strength")
  func strength() {
    let model = model()
    #expect(model.estimatesStrength)
    #expect(model.strength == nil)
    model.password = "Secret123"
    #expect(model.strength == .weak)
    model.password = "Zq7vLm2pR"
    #expect(model.strength == .strong)
    model.password = ""
    #expect(model.strength == nil)
    let none = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy())
    none.password = "Zq7vLm2pR"
    #expect(!none.estimatesStrength && none.strength == nil)
  }
}
