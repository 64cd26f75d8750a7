import Registration
import TestSupport
import Testing

/// Sign up pressed while "Hard to guess" is being checked waits for the answer, then goes
/// on, as it does for "Login is free"; in virtual time, with a fake policy.
@Suite("Password policy: submitting while it is asked")
struct PasswordPolicySubmitTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  let policy = FakePasswordPolicy()

  func model() -> RegistrationViewModel {
    RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), passwordPolicy: policy)
  }

  func row(_ model: RegistrationViewModel, _ id: String) -> RequirementStatus {
    model.requirements.first { $0.id == id }!
  }

  /// The login typed and found free; then the password and its confirmation, with no time
  /// passing: the policy has not been asked yet.
  func filled(password: String) -> RegistrationViewModel {
    let model = model()
    model.login = "bobby"
    scheduler.settle()
    model.password = password
    model.confirmation = password
    return model
  }

  @Test("waits for the policy, asks it at once instead of after the pause, then creates")
  func waitsForPolicy() throws {
    let model = filled(password: "Zq7vLm2pR")
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    #expect(row(model, "password.policy").state == .checking)
    #expect(model.isReadyToSubmit)
    #expect(model.submit() == .waiting)
    #expect(model.isWaitingToSubmit)
    #expect(!model.hasAttemptedSubmit, "nothing is wrong yet: no red")
    try #require(scheduler.pendingWork == 1, "the person has finished typing: no pause")
    scheduler.finishWork()
    #expect(row(model, "password.policy").state == .met)
    #expect(!model.isWaitingToSubmit)
    #expect(model.isCreating)
    scheduler.settle()
    #expect(created?.login == "bobby")
    #expect(store.count == 1)
  }

  @Test("a refused password: the submission goes to Password, with errors shown")
  func refused() {
    let model = filled(password: "Secret123")
    var rejected: RegistrationField?
    model.events.listen { if case .rejected(let field) = $0 { rejected = field } }
    #expect(model.submit() == .waiting)
    scheduler.settle()
    #expect(rejected == .password)
    #expect(model.showsError(for: .password))
    #expect(!model.isWaitingToSubmit)
    #expect(store.count == 0)
  }

  @Test(
    "both checks pending: whichever answers last submits",
    arguments: [[0, 0], [1, 0]])
  func bothPending(order: [Int]) throws {
    let model = model()
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.login = "bobby"
    model.password = "Zq7vLm2pR"
    model.confirmation = "Zq7vLm2pR"
    #expect(model.submit() == .waiting)
    try #require(scheduler.pendingWork == 2, "the login and the password, both asked at once")
    scheduler.finishWork(at: order[0])
    #expect(model.isWaitingToSubmit, "one answer is not enough")
    #expect(!model.isCreating)
    scheduler.finishWork(at: order[1])
    #expect(model.isCreating)
    scheduler.settle()
    #expect(created?.login == "bobby")
  }

  @Test("typing in the password while waiting calls the submission off")
  func typingCancels() {
    let model = filled(password: "Zq7vLm2pR")
    var created = false
    model.events.listen { if case .created = $0 { created = true } }
    #expect(model.submit() == .waiting)
    model.password = "Zq7vLm2pRx"
    #expect(!model.isWaitingToSubmit)
    scheduler.settle()
    #expect(!created)
  }
}
