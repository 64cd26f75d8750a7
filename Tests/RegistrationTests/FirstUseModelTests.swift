import Registration
import TestSupport
import Testing

/// The view model's side of what a newcomer stumbled on: the store asked only about a
/// login that could be taken, a taken login said in words, a submission that waits for
/// the check instead of being sent back.
@Suite("First use: the view model")
struct FirstUseModelTests {
  let store = InMemoryAccountStore(logins: ["alice"])
  let scheduler = ManualScheduler()

  func model(_ requirements: [Requirement]? = nil) -> RegistrationViewModel {
    RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), requirements: requirements)
  }

  func free(_ model: RegistrationViewModel) -> RequirementStatus {
    model.requirements.first { $0.id == "login.free" }!
  }

  @Test("the store is not asked while another login rule is unmet")
  func noLookupWhileOtherRulesUnmet() {
    let model = model()
    model.login = "al"
    scheduler.settle()
    #expect(store.lookedUp.isEmpty)
    #expect(free(model).state == .unmet)
    #expect(free(model).note == nil, "unmet for want of a login, not taken")
    model.login = "alic"
    #expect(free(model).state == .checking)
    scheduler.settle()
    #expect(store.lookedUp == ["alic"])
    #expect(free(model).state == .met)
  }

  @Test("any login rule counts, also one added later: no characters rule met, no lookup")
  func anyLoginRule() {
    let noSpaces = Requirement(id: "login.spaces", field: .login, text: "No spaces") {
      !$0.login.contains(" ")
    }
    let model = model([.loginLength(), noSpaces, .loginIsFree()])
    model.login = "bob by"
    scheduler.settle()
    #expect(store.lookedUp.isEmpty)
    #expect(free(model).state == .unmet)
    model.login = "bobby"
    scheduler.settle()
    #expect(store.lookedUp == ["bobby"])
  }

  @Test("a taken login is unmet with a reason in words, and offers to sign in")
  func takenInWords() {
    let model = model()
    model.login = "Alice"
    scheduler.settle()
    #expect(free(model).state == .unmet)
    #expect(free(model).note == "This login is taken.")
    #expect(model.canSignInInstead)
    model.login = "alicia"
    #expect(free(model).note == nil, "a new login is a new question")
    #expect(!model.canSignInInstead)
    scheduler.settle()
    #expect(free(model).state == .met)
  }

  @Test("submitting while the login is checked waits for the answer, then creates the account")
  func submitWaitsForCheck() {
    let model = model()
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.login = "bobby"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    #expect(free(model).state == .checking)
    #expect(model.isReadyToSubmit)
    #expect(model.submit() == .waiting)
    #expect(model.isWaitingToSubmit)
    #expect(!model.hasAttemptedSubmit, "nothing is wrong yet: no red")
    scheduler.settle()
    #expect(created?.login == "bobby")
    #expect(store.count == 2)
  }

  @Test("a submission that waited for a taken login goes to Login, with errors shown")
  func waitedAndTaken() {
    let model = model()
    var rejected: RegistrationField?
    model.events.listen { if case .rejected(let field) = $0 { rejected = field } }
    model.login = "alice"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    #expect(model.submit() == .waiting)
    scheduler.settle()
    #expect(rejected == .login)
    #expect(model.showsError(for: .login))
    #expect(!model.isWaitingToSubmit)
    #expect(store.count == 1)
  }

  @Test("typing while waiting to submit calls the submission off")
  func typingCancelsWaiting() {
    let model = model()
    var created = false
    model.events.listen { if case .created = $0 { created = true } }
    model.login = "bobby"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    #expect(model.submit() == .waiting)
    model.login = "bobbie"
    #expect(!model.isWaitingToSubmit)
    scheduler.settle()
    #expect(!created)
  }

  @Test("with another field unmet, submitting is rejected at once, as before")
  func otherFieldUnmet() {
    let model = model()
    model.login = "bobby"
    model.password = "Secret123"
    #expect(!model.isReadyToSubmit)
    #expect(model.submit() == .rejected(firstUnmet: .confirmation))
  }
}
