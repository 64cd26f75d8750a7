import Registration
import TestSupport
import Testing

/// Change password without a screen: Sign up's rows for the new password, the store's
/// answer, in virtual time.
@Suite("Change password view model")
struct ChangePasswordViewModelTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let policy: FakePasswordPolicy

  init() {
    store.add(login: "Alice", password: "Old4Secret")
    policy = FakePasswordPolicy()
  }

  func model(
    policy: FakePasswordPolicy? = nil, strings: Strings = .english
  ) -> ChangePasswordViewModel {
    ChangePasswordViewModel(
      store: store, scheduler: scheduler, strings: strings, passwordPolicy: policy ?? self.policy,
      strengthEstimator: FakeStrengthEstimator())
  }

  func state(_ model: ChangePasswordViewModel, _ id: String) -> RequirementStatus.State? {
    model.requirements.first { $0.id == id }?.state
  }

  /// Fills every field, lets the policy answer, and submits: the result, if any.
  func change(
    _ model: ChangePasswordViewModel, login: String = "alice", current: String = "Old4Secret",
    new: String = "Zq7vLm2pR"
  ) -> ChangedPassword? {
    var changed: ChangedPassword?
    model.events.listen { if case .changed(let password) = $0 { changed = password } }
    (model.login, model.currentPassword) = (login, current)
    (model.newPassword, model.confirmation) = (new, new)
    scheduler.settle()
    model.submit()
    scheduler.settle()
    return changed
  }

  @Test(
    "the new password has exactly Sign up's password and confirmation rows, stricter policies too",
    arguments: [
      PasswordRules(), PasswordRules(minimumLength: 12, minimumDigits: 1, minimumKinds: 3),
    ])
  func sameRowsAsSignUp(rules: PasswordRules) {
    for strings in [Strings.english, .russian] {
      let policy = FakePasswordPolicy(rules: rules)
      let signUp = RegistrationViewModel(
        store: store, scheduler: scheduler, strings: strings, policy: FakeLoginPolicy(),
        passwordPolicy: policy)
      let change = model(policy: policy, strings: strings)
      for (mine, theirs) in [
        (ChangePasswordField.newPassword, RegistrationField.password),
        (.confirmation, .confirmation),
      ] {
        let rows = change.requirements(for: mine).map { [$0.id, $0.text] }
        #expect(rows == signUp.requirements(for: theirs).map { [$0.id, $0.text] })
        #expect(!rows.isEmpty)
      }
      #expect(change.requirements(for: .newPassword).contains { $0.id == "password.policy" })
      #expect(change.requirements(for: .login).isEmpty)
      #expect(change.requirements(for: .currentPassword).isEmpty)
    }
  }

  @Test("rows strike as the new password is typed, key by key, and the confirmation follows it")
  func live() {
    let model = model()
    model.login = "alice"
    var lengths: [RequirementStatus.State?] = []
    var uppercase: [RequirementStatus.State?] = []
    for character in "zq7vLm2pR" {
      model.newPassword += String(character)
      lengths.append(state(model, "password.length"))
      uppercase.append(state(model, "password.uppercase"))
    }
    #expect(lengths == Array(repeating: .unmet, count: 7) + [.met, .met])
    #expect(uppercase == Array(repeating: .unmet, count: 4) + Array(repeating: .met, count: 5))
    model.confirmation = "zq7vLm2pR"
    #expect(state(model, "confirmation.matches") == .met)
    model.newPassword.removeLast(2)
    #expect(state(model, "confirmation.matches") == .unmet, "editing the password re-checks it")
    #expect(state(model, "password.length") == .unmet)
  }

  @Test("Hard to guess asks the host's policy after the pause, with the login for similarity")
  func policyRow() {
    let model = model()
    model.login = "alice"
    model.newPassword = "Xalice2026"
    #expect(state(model, "password.policy") == .checking)
    scheduler.settle()
    let row = model.requirements.first { $0.id == "password.policy" }!
    #expect(row.state == .unmet)
    #expect(row.displayText == "Easy to guess: contains the login")
    #expect(policy.questions.last == .init(password: "Xalice2026", login: "alice"))
    model.login = "bobby"
    scheduler.settle()
    #expect(row.state == .met, "asked again for the new login")
    #expect(policy.questions.last == .init(password: "Xalice2026", login: "bobby"))
  }

  @Test("the strength meter's estimate follows the new password")
  func strength() {
    let model = model()
    #expect(model.estimatesStrength)
    #expect(model.strength == nil)
    model.newPassword = "Secret123"
    #expect(model.strength == .weak)
    model.newPassword = "Zq7vLm2pR"
    #expect(model.strength == .strong)
    model.newPassword = ""
    #expect(model.strength == nil)
  }

  @Test("a new password equal to the current one is refused before the store is asked")
  func sameAsCurrent() {
    let model = model()
    store.add(login: "Alice", password: "Zq7vLm2pR")
    #expect(change(model, current: "Zq7vLm2pR", new: "Zq7vLm2pR") == nil)
    #expect(model.isSameAsCurrent)
    #expect(!model.canSubmit)
    #expect(model.notice == "The new password is the current one.")
    #expect(model.submit() == .rejected(firstUnmet: .newPassword))
    #expect(model.showsError(for: .newPassword))
    model.currentPassword = "Zq7vLm2pR!"
    #expect(model.notice == nil)
    #expect(model.canSubmit)
  }

  @Test("the right current password changes it: the old one stops working, the new one works")
  func changes() throws {
    let model = model()
    let changed = try #require(change(model))
    #expect(changed.login == "Alice", "the login as registered")
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
    #expect(!store.hasPassword("Old4Secret", for: "alice"))
    #expect(model.message == nil)
  }

  @Test("a wrong current password or login: one message, the current password cleared")
  func wrong() {
    for login in ["alice", "nobody"] {
      let model = model()
      var refused = 0
      model.events.listen { if case .refused = $0 { refused += 1 } }
      #expect(change(model, login: login, current: "Wrong4Secret") == nil)
      #expect(model.message == "Wrong login or password.")
      #expect(model.credentialsRefused)
      #expect(refused == 1)
      #expect(model.currentPassword.isEmpty)
      #expect(model.newPassword == "Zq7vLm2pR", "the new password stays")
      #expect(store.hasPassword("Old4Secret", for: "alice"))
      model.currentPassword = "x"
      #expect(model.message == nil, "typing clears the message")
    }
  }

  @Test("a throttled login is told when to try again; a store failure says why, in Russian too")
  func storeRefusals() {
    let model = model()
    store.fail(with: .throttled(retryAfterSeconds: 120))
    #expect(change(model) == nil)
    #expect(model.message == "Too many attempts: try again in 2 minutes.")
    #expect(!model.credentialsRefused)
    let russian = self.model(strings: .russian)
    store.fail(with: .unavailable("disk full"))
    #expect(change(russian) == nil)
    #expect(russian.message == "Пароль не изменён: disk full")
  }

  @Test("submitting with something missing goes to the first field that needs it")
  func rejected() {
    let model = model()
    #expect(model.submit() == .rejected(firstUnmet: .login))
    model.login = "alice"
    #expect(model.submit() == .rejected(firstUnmet: .currentPassword))
    model.currentPassword = "Old4Secret"
    #expect(model.submit() == .rejected(firstUnmet: .newPassword))
    model.newPassword = "Zq7vLm2pR"
    scheduler.settle()
    #expect(model.submit() == .rejected(firstUnmet: .confirmation))
    #expect(model.showsError(for: .confirmation))
  }

  @Test("submitted while the policy is asked, it waits for the answer, then changes")
  func waits() {
    let model = model()
    var changed: ChangedPassword?
    model.events.listen { if case .changed(let password) = $0 { changed = password } }
    (model.login, model.currentPassword) = ("alice", "Old4Secret")
    (model.newPassword, model.confirmation) = ("Zq7vLm2pR", "Zq7vLm2pR")
    #expect(!model.canSubmit)
    #expect(model.submit() == .waiting)
    #expect(model.isWaitingToSubmit)
    scheduler.settle()
    #expect(changed?.login == "Alice")
  }

  @Test("a value over its field's limit is refused and the field kept")
  func limits() {
    let model = model()
    model.currentPassword = "Old4Secret"
    model.currentPassword = String(repeating: "a", count: 513)
    #expect(model.currentPassword == "Old4Secret")
    #expect(model.refusedField == .currentPassword)
    model.login = String(repeating: "a", count: 65)
    #expect(model.login.isEmpty)
    #expect(model.refusedField == .login)
  }
}
