import Registration
import TestSupport
import Testing

/// A login policy that counts how often it is asked to validate a login.
private final class CountingLoginPolicy: LoginPolicy, @unchecked Sendable {
  let base = FakeLoginPolicy()
  var validations = 0

  var rule: LoginRule { base.rule }
  func normalized(_ login: String) -> String { base.normalized(login) }
  func identityKey(_ login: String) -> String { base.identityKey(login) }
  func skeleton(_ login: String) -> String { base.skeleton(login) }
  func validate(_ login: String) -> LoginProblem? {
    validations += 1
    return base.validate(login)
  }
  func reservation(of login: String) -> LoginReservation? { base.reservation(of: login) }
}

@Suite("Sign up: the work of one key")
struct PerKeyWorkTests {
  @Test("a key in the password or its confirmation does not validate the login again")
  func passwordKeysLeaveTheLogin() {
    let policy = CountingLoginPolicy()
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: policy)
    model.login = "alice bob"
    #expect(model.loginProblem == .space)
    policy.validations = 0
    model.password = "S"
    model.password = "Se"
    model.confirmation = "S"
    #expect(policy.validations == 0)
    #expect(model.loginProblem == .space, "the login's problem stays")
    model.login = "alice"
    #expect(policy.validations > 0)
    #expect(model.loginProblem == nil)
  }

  @Test("a Login key validates the login once: its problem and its row share the answer")
  func loginKeyValidatesOnce() {
    let policy = CountingLoginPolicy()
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: policy)
    policy.validations = 0
    for login in ["a", "al", "al ", "al b", "al bo"] { model.login = login }
    #expect(policy.validations == 5)
    #expect(model.loginProblem == .space)
    let characters = model.requirements.first { $0.id == "login.characters" }
    #expect(characters?.isMet == false, "the row follows the same answer")
    model.login = "albo"
    #expect(policy.validations == 6)
    #expect(model.loginProblem == nil)
    #expect(characters?.isMet == true)
  }

  @Test("after every key, every row decided at once agrees with its rule")
  func rowsFollowEveryField() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    let steps: [(RegistrationField, String)] = [
      (.password, "Secret12"), (.confirmation, "Secret12"), (.login, "al"), (.login, "alice"),
      (.password, "Secret1"), (.confirmation, "Secret1"), (.login, "a b"), (.password, ""),
    ]
    for (field, value) in steps {
      switch field {
      case .login: model.login = value
      case .password: model.password = value
      case .confirmation: model.confirmation = value
      }
      for status in model.requirements {
        guard let expected = status.requirement.isMet(by: model.input) else { continue }
        #expect(status.isMet == expected, "\(status.id) after \(field)=\(value)")
      }
    }
  }
}
