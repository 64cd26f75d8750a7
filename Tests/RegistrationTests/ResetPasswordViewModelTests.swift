import Registration
import TestSupport
import Testing

/// Reset password without a screen: the one-time code, Sign up's rows for the new password,
/// the store's answer, in virtual time.
@Suite("Reset password view model")
struct ResetPasswordViewModelTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let policy = FakePasswordPolicy()

  init() {
    store.add(login: "Alice", password: "Old4Secret")
    store.addResetCode("K7QP-2MXD-9TRA", for: "alice")
  }

  func model(strings: Strings = .english) -> ResetPasswordViewModel {
    ResetPasswordViewModel(
      store: store, scheduler: scheduler, strings: strings, passwordPolicy: policy,
      strengthEstimator: FakeStrengthEstimator())
  }

  func state(_ model: ResetPasswordViewModel, _ id: String) -> RequirementStatus.State? {
    model.requirements.first { $0.id == id }?.state
  }

  /// Fills every field, lets the policy answer, and submits: the result, if any.
  func reset(
    _ model: ResetPasswordViewModel, login: String = "alice", code: String = "K7QP-2MXD-9TRA",
    new: String = "Zq7vLm2pR"
  ) -> ChangedPassword? {
    var changed: ChangedPassword?
    model.events.listen { if case .reset(let password) = $0 { changed = password } }
    (model.login, model.code) = (login, code)
    (model.newPassword, model.confirmation) = (new, new)
    scheduler.settle()
    model.submit()
    scheduler.settle()
    return changed
  }

  @Test("the new password has exactly Sign up's password and confirmation rows, in both languages")
  func sameRowsAsSignUp() {
    for strings in [Strings.english, .russian] {
      let signUp = RegistrationViewModel(
        store: store, scheduler: scheduler, strings: strings, policy: FakeLoginPolicy(),
        passwordPolicy: policy)
      let reset = model(strings: strings)
      for (mine, theirs) in [
        (ResetPasswordField.newPassword, RegistrationField.password),
        (.confirmation, .confirmation),
      ] {
        let rows = reset.requirements(for: mine).map { [$0.id, $0.text] }
        #expect(rows == signUp.requirements(for: theirs).map { [$0.id, $0.text] })
        #expect(!rows.isEmpty)
      }
      #expect(reset.requirements(for: .login).isEmpty)
      #expect(reset.requirements(for: .code).isEmpty)
    }
  }

  @Test("rows strike as the new password is typed and the confirmation follows it")
  func live() {
    let model = model()
    model.login = "alice"
    model.newPassword = "zq7vLm2"
    #expect(state(model, "password.length") == .unmet)
    model.newPassword += "pR"
    #expect(state(model, "password.length") == .met)
    model.confirmation = "zq7vLm2pR"
    #expect(state(model, "confirmation.matches") == .met)
    model.newPassword.removeLast()
    #expect(state(model, "confirmation.matches") == .unmet)
  }

  @Test("the right code sets the password once: the old one stops working, the code is used up")
  func resets() throws {
    let model = model()
    let changed = try #require(reset(model))
    #expect(changed.login == "Alice", "the login as registered")
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
    #expect(!store.hasPassword("Old4Secret", for: "alice"))
    #expect(!store.hasResetCode(for: "alice"))
    let again = self.model()
    #expect(reset(again, new: "Other9Pass") == nil, "a used code does nothing")
    #expect(again.message == "Wrong login or code, or the code has expired.")
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test(
    "a wrong code, a wrong login, a used code: one message that says not which, the code cleared",
    arguments: [("alice", "K7QP-2MXD-9TRB"), ("nobody", "K7QP-2MXD-9TRA"), ("alice", "")])
  func wrong(login: String, code: String) {
    let model = model()
    var refused = 0
    model.events.listen { if case .refused = $0 { refused += 1 } }
    #expect(reset(model, login: login, code: code) == nil)
    if code.isEmpty {
      #expect(model.submit() == .rejected(firstUnmet: .code), "an empty code is never sent")
      return
    }
    #expect(model.message == "Wrong login or code, or the code has expired.")
    #expect(model.credentialsRefused)
    #expect(refused == 1)
    #expect(model.code.isEmpty)
    #expect(model.newPassword == "Zq7vLm2pR", "the new password stays")
    #expect(store.hasPassword("Old4Secret", for: "alice"))
    #expect(store.hasResetCode(for: "alice"), "a wrong try does not use the code up")
    model.code = "x"
    #expect(model.message == nil, "typing clears the message")
  }

  @Test("Russian: the wrong code's message and a store failure")
  func russian() {
    let model = model(strings: .russian)
    #expect(reset(model, code: "nope") == nil)
    #expect(model.message == "Неверный логин или код, либо срок кода истёк.")
    store.fail(with: .unavailable("disk full"))
    #expect(reset(model) == nil)
    #expect(model.message == "Пароль не задан: disk full")
  }

  @Test("a throttled login is told when to try again; a locked account says so")
  func storeRefusals() {
    let model = model()
    store.fail(with: .throttled(retryAfterSeconds: 120))
    #expect(reset(model) == nil)
    #expect(model.message == "Too many attempts: try again in 2 minutes.")
    #expect(!model.credentialsRefused)
    store.fail(with: .accountLocked(reason: "spam"))
    #expect(reset(model) == nil)
    #expect(model.message == Strings.english.accountLocked("spam"))
    #expect(model.credentialsRefused)
  }

  @Test("submitting with something missing goes to the first field that needs it")
  func rejected() {
    let model = model()
    #expect(model.submit() == .rejected(firstUnmet: .login))
    model.login = "alice"
    #expect(model.submit() == .rejected(firstUnmet: .code))
    model.code = "K7QP-2MXD-9TRA"
    #expect(model.submit() == .rejected(firstUnmet: .newPassword))
    model.newPassword = "Zq7vLm2pR"
    scheduler.settle()
    #expect(model.submit() == .rejected(firstUnmet: .confirmation))
    #expect(model.showsError(for: .confirmation))
  }

  @Test("submitted while the policy is asked, it waits for the answer, then resets")
  func waits() {
    let model = model()
    var changed: ChangedPassword?
    model.events.listen { if case .reset(let password) = $0 { changed = password } }
    (model.login, model.code) = ("alice", "K7QP-2MXD-9TRA")
    (model.newPassword, model.confirmation) = ("Zq7vLm2pR", "Zq7vLm2pR")
    #expect(model.submit() == .waiting)
    #expect(model.isWaitingToSubmit)
    scheduler.settle()
    #expect(changed?.login == "Alice")
  }

  @Test("a code over a password's limit is refused and the field kept")
  func limits() {
    let model = model()
    model.code = "K7QP"
    model.code = String(repeating: "a", count: 513)
    #expect(model.code == "K7QP")
    #expect(model.refusedField == .code)
  }
}
