import PlainFrontEnd
import Registration
import TestSupport
import Testing

@Suite("Plain front end: too many attempts")
struct SignInThrottlePlainTests {
  @Test("line by line, the lock is said in words, and a script ends")
  func locked() {
    let store = InMemoryAccountStore(logins: ["alice"])
    let scheduler = ManualScheduler()
    store.fail(with: .throttled(retryAfterSeconds: 120))
    let dialogue = ScriptedDialogue(["alice", "Secret123"], interactive: false)
    let model = SignInViewModel(store: store, scheduler: scheduler)
    let outcome = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: .english)
      .signIn(model)
    #expect(outcome == .failed)
    #expect(dialogue.transcript.hasSuffix("\nToo many attempts: try again in 2 minutes.\n"))
  }
}
