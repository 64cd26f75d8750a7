import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Your account line by line: the same view model as the screen, asked by choices.
@Suite("Plain front end: your account")
struct PlainAccountTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  static let laptop = AccountKey(
    type: "ssh-ed25519", base64: "AAAA", comment: "alice@laptop", fingerprint: "SHA256:laptop")
  static let phone = AccountKey(
    type: "ssh-ed25519", base64: "BBBB", comment: "ph\u{1B}]0;owned\u{07}one",
    fingerprint: "SHA256:phone")

  init() {
    store.add(login: "Alice", password: "Old4Secret")
  }

  func manage(_ answers: [String], required: Bool = false, interactive: Bool = true)
    -> ScriptedDialogue
  {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = AccountViewModel(
      store: store, login: "Alice", connectingKey: Self.laptop, keysRequired: required,
      readKey: { line in
        line == "ssh-ed25519 BBBB phone" ? .success(Self.phone) : .failure(.init("not a key"))
      }, scheduler: scheduler)
    PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .manageAccount(model)
    return dialogue
  }

  @Test("add the connecting key, paste another, remove the one in use after saying so")
  func session() throws {
    let dialogue = manage(["a", "p", "ssh-ed25519 BBBB phone", "r 1", "r 1", ""])
    #expect(try store.keys(of: "alice") == [Self.phone])
    let transcript = dialogue.transcript
    #expect(transcript.hasPrefix("Your account: Alice\nNo SSH keys yet.\n"))
    #expect(transcript.contains("  1. ssh-ed25519 SHA256:laptop alice@laptop (this connection)"))
    #expect(transcript.contains("Key added."))
    #expect(transcript.contains("This is the key you are connected with."))
    #expect(transcript.contains("Key removed."))
    #expect(!transcript.contains("\u{1B}"), "the comment's escape is shown, not sent")
  }

  @Test("the last key stays while keys are required; a bad choice or paste says so")
  func refusals() throws {
    try store.addKey(Self.phone, to: "alice")
    let dialogue = manage(["r 1", "r 9", "x", "p", "nonsense", ""], required: true)
    #expect(try store.keys(of: "alice") == [Self.phone])
    #expect(dialogue.transcript.contains(Strings.english.lastKeyRequired))
    #expect(dialogue.transcript.contains("Not one of the choices."))
    #expect(dialogue.transcript.contains("not a key"))
  }
}
