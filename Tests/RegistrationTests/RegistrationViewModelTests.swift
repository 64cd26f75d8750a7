import Observation
import Registration
import Synchronization
import TestSupport
import Testing

/// Counts observation callbacks, which may come from any thread.
final class ChangeCounter: Sendable {
  private let count = Atomic<Int>(0)
  var value: Int { count.load(ordering: .relaxed) }
  func increment() { count.add(1, ordering: .relaxed) }
  func reset() { count.store(0, ordering: .relaxed) }
}

@Suite("Registration view model")
struct RegistrationViewModelTests {
  func states(_ model: RegistrationViewModel) -> [String: Bool] {
    Dictionary(uniqueKeysWithValues: model.requirements.map { ($0.id, $0.isMet) })
  }

  @Test("outputs always equal the rules applied to the inputs")
  func outputsFollowInputs() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    let script: [(RegistrationField, String)] = [
      (.login, "ali"), (.login, "alice"), (.password, "secret12"), (.password, "Secret12"),
      (.confirmation, "Secret1"), (.confirmation, "Secret12"), (.password, "Secret123"),
      (.password, "Secret12"), (.login, ""),
    ]
    for (field, value) in script {
      switch field {
      case .login: model.login = value
      case .password: model.password = value
      case .confirmation: model.confirmation = value
      }
      for status in model.requirements {
        // Rules decided at once; "Login is free" waits for the store (tested apart).
        guard let expected = status.requirement.isMet(by: model.input) else { continue }
        #expect(status.isMet == expected, "\(status.id) after \(field)=\(value)")
      }
      #expect(model.canSubmit == model.requirements.allSatisfy(\.isMet))
      #expect(!model.canSubmit, "the login was never looked up")
    }
  }

  @Test("changing the password re-checks the confirmation")
  func passwordRechecksConfirmation() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    model.password = "Secret123"
    model.confirmation = "Secret123"
    #expect(states(model)["confirmation.matches"] == true)
    model.password = "Secret1234"
    #expect(states(model)["confirmation.matches"] == false)
    model.password = "Secret123"
    #expect(states(model)["confirmation.matches"] == true)
  }

  @Test("can submit only when every requirement is met, the store's answer included")
  func canSubmit() {
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy())
    #expect(!model.canSubmit)
    model.login = "alice"
    model.password = "Secret123"
    #expect(!model.canSubmit)
    model.confirmation = "Secret123"
    #expect(!model.canSubmit, "Login is free is still being checked")
    scheduler.settle()
    #expect(model.canSubmit)
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    #expect(model.submit() == .started)
    #expect(!model.canSubmit, "not twice")
    #expect(model.submit() == .busy)
    scheduler.settle()
    #expect(created?.login == "alice")
  }

  @Test("a rejected submit names the first field with an unmet requirement")
  func rejectedSubmit() {
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: scheduler, policy: FakeLoginPolicy())
    model.login = "alice"
    #expect(
      model.submit() == .rejected(firstUnmet: .password),
      "a login still being checked does not send you back to it")
    scheduler.settle()
    #expect(model.submit() == .rejected(firstUnmet: .password))
    model.password = "Secret123"
    #expect(model.submit() == .rejected(firstUnmet: .confirmation))
    model.login = "al"
    #expect(model.submit() == .rejected(firstUnmet: .login))
  }

  @Test("errors show only after leaving a field or trying to submit")
  func errorVisibility() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    model.login = "al"
    #expect(!model.showsError(for: .login))
    model.leave(.login)
    #expect(model.showsError(for: .login))
    model.login = "alice"
    #expect(!model.showsError(for: .login), "met rows are never errors")
    #expect(!model.showsError(for: .password))
    _ = model.submit()
    #expect(model.showsError(for: .password))
    #expect(model.showsError(for: .confirmation))
  }

  @Test("a requirement's observers hear only of real changes")
  func observersHearOnlyChanges() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    let length = model.requirements.first { $0.id == "login.length" }!
    let uppercase = model.requirements.first { $0.id == "password.uppercase" }!
    let lengthChanges = ChangeCounter()
    let uppercaseChanges = ChangeCounter()
    let submitChanges = ChangeCounter()
    withObservationTracking {
      _ = uppercase.isMet
    } onChange: {
      uppercaseChanges.increment()
    }
    withObservationTracking {
      _ = model.canSubmit
    } onChange: {
      submitChanges.increment()
    }
    func trackLength() {
      withObservationTracking {
        _ = length.isMet
      } onChange: {
        lengthChanges.increment()
      }
    }
    trackLength()
    for (index, character) in "alice".enumerated() {
      model.login += String(character)
      #expect(lengthChanges.value == (index == 3 ? 1 : 0), "after typing \(index + 1) characters")
      if lengthChanges.value > 0 {
        lengthChanges.reset()
        trackLength()
      }
    }
    #expect(uppercaseChanges.value == 0, "typing a login does not touch password rows")
    #expect(submitChanges.value == 0)
  }
}
