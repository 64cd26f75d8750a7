import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Line by line over SSH (`ssh join@host plain < answers`): the per-address limit and a
/// failed hand-off.
@Suite("Plain front end over SSH")
struct SSHPlainTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()

  func signUp(_ answers: [String], origin: SignUpOrigin?, interactive: Bool = false) -> (
    PlainFrontEnd.Outcome, ScriptedDialogue
  ) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), origin: origin)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue)
  }

  @Test("at the limit, it says so and asks nothing", arguments: [false, true])
  func limitFirst(interactive: Bool) throws {
    let address = SignUpOrigin(address: "192.0.2.7", limit: 1)
    _ = try store.createAccount(login: "first", password: "Secret123", origin: address)
    let (outcome, dialogue) = signUp(
      ["alice", "Secret123", "Secret123"], origin: address, interactive: interactive)
    #expect(outcome == .failed)
    #expect(
      dialogue.transcript == "Create account\nLimit reached: 1 account a day per address.\n")
  }

  @Test("the limit reached meanwhile is said after the answers, and nothing is created")
  func limitMeanwhile() throws {
    let address = SignUpOrigin(address: "192.0.2.7", limit: 1)
    let store = store
    // Another session takes the address's last place while this one is answering.
    let dialogue = InterruptedDialogue(["alice", "Secret123", "Secret123"], after: 2) {
      _ = try? store.createAccount(login: "other", password: "Secret123", origin: address)
    }
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), origin: address)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    #expect(outcome == .failed)
    #expect(dialogue.transcript.hasSuffix("Limit reached: 1 account a day per address.\n"))
    #expect(try !store.isLoginTaken("alice"))
  }

  @Test("a failed hand-off ends line by line too")
  func handOffFailed() {
    let failing = FailingCreateStore(inner: store)
    let dialogue = ScriptedDialogue(["alice", "Secret123", "Secret123"], interactive: true)
    let model = RegistrationViewModel(
      store: failing, scheduler: scheduler, policy: FakeLoginPolicy(), origin: nil)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    #expect(outcome == .handOffFailed)
    #expect(store.count == 0)
  }
}

/// A scripted dialogue that does something behind the form's back after some answers.
final class InterruptedDialogue: Dialogue {
  private let inner: ScriptedDialogue
  private var left: Int
  private let interruption: () -> Void
  let isInteractive = false

  init(_ answers: [String], after count: Int, _ interruption: @escaping () -> Void) {
    inner = ScriptedDialogue(answers, interactive: false)
    left = count
    self.interruption = interruption
  }

  var transcript: String { inner.transcript }

  func answer(secret: Bool) -> String? {
    if left == 0 { interruption() }
    left -= 1
    return inner.answer(secret: secret)
  }

  func say(_ text: String) { inner.say(text) }
}

/// A store whose every creation fails in the hand-off.
final class FailingCreateStore: AccountStore {
  let inner: InMemoryAccountStore
  init(inner: InMemoryAccountStore) { self.inner = inner }
  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    throw .handOffFailed(accountRemoved: true)
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    nil
  }
  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  { nil }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int { 0 }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool { false }
}
