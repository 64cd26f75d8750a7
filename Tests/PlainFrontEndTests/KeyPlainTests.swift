import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// "SSH key" line by line: asked after Confirm password, empty skips it when optional, a
/// line that is not a key is said and asked again.
@Suite("Plain front end: the SSH key")
struct KeyPlainTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()

  func signUp(_ answers: [String], need: SignUpKey.Need, interactive: Bool) -> (
    PlainFrontEnd.Outcome, ScriptedDialogue, SignUpKey
  ) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let key = SignUpKey(need: need, connecting: nil)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), key: key)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signUp(model)
    return (outcome, dialogue, key)
  }

  @Test("asked after Confirm password; an empty answer skips it")
  func emptySkips() {
    let (outcome, dialogue, key) = signUp(
      ["alice", "Secret123", "Secret123", ""], need: .optional, interactive: false)
    guard case .signedUp = outcome else {
      Issue.record("not signed up: \(outcome)")
      return
    }
    #expect(dialogue.transcript.contains("Confirm password: "))
    #expect(dialogue.transcript.contains("SSH key: "))
    #expect(key.accountKeys.isEmpty)
  }

  @Test("a line that is not a key is said and asked again; then the key is taken")
  func refusedThenTaken() {
    let (outcome, dialogue, key) = signUp(
      ["alice", "Secret123", "Secret123", "ssh-dss AAAAB3NzaC1kc3M=", Self.line],
      need: .optional, interactive: true)
    guard case .signedUp = outcome else {
      Issue.record("not signed up: \(outcome)")
      return
    }
    #expect(dialogue.transcript.contains("  [ ] this key type is not accepted (ssh-dss)\n"))
    #expect(
      key.accountKeys.map(\.fingerprint) == ["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"])
  }

  @Test("required: a script with no key is refused")
  func requiredScript() {
    let (outcome, dialogue, _) = signUp(
      ["alice", "Secret123", "Secret123", ""], need: .required, interactive: false)
    #expect(outcome == .unmet)
    #expect(dialogue.transcript.contains("This site needs an SSH key"))
  }
}
