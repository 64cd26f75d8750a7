import Registration
import RegistrationUI
import Testing

/// The session's reducer on its own: from the screen and an event to the step, with no
/// application, screen or store.
@Suite("Session flow")
struct SessionFlowTests {
  static let account = CreatedAccount(
    login: "alice", passwordHash: "$y$test$", createdAt: "2026-11-29T12:00:00Z")

  @Test("the links and Sign in instead switch screens; the same screen again is no step")
  func links() {
    var flow = SessionFlow(screen: .signUp)
    #expect(flow.handle(.showSignUp, busy: false) == SessionFlow.Step())
    #expect(flow.handle(.showSignIn, busy: false) == SessionFlow.Step(screen: .signIn))
    #expect(flow.screen == .signIn)
    #expect(flow.handle(.showSignUp, busy: false) == SessionFlow.Step(screen: .signUp))
    #expect(
      flow.handle(.signInInstead, busy: false)
        == SessionFlow.Step(screen: .signIn, focus: .signIn(.password), carriesLogin: true))
  }

  @Test("a rejected submission or a refusal moves the focus, nothing else")
  func focus() {
    var flow = SessionFlow(screen: .signUp)
    #expect(
      flow.handle(.signUp(.rejected(.password)), busy: false)
        == SessionFlow.Step(focus: .signUp(.password)))
    #expect(
      flow.handle(.signIn(.refused), busy: false) == SessionFlow.Step(focus: .signIn(.password)))
    #expect(
      flow.handle(.changePassword(.refused), busy: false)
        == SessionFlow.Step(focus: .changePassword(.currentPassword)))
  }

  @Test("Esc on Sign in goes back, not while a password is checked; elsewhere it leaves")
  func escape() {
    var flow = SessionFlow(screen: .signIn)
    #expect(flow.handle(.cancel, busy: true) == SessionFlow.Step())
    #expect(flow.handle(.cancel, busy: false) == SessionFlow.Step(screen: .signUp))
    #expect(flow.handle(.cancel, busy: false) == SessionFlow.Step(exit: .cancelled))
    var changing = SessionFlow(screen: .changePassword)
    #expect(changing.handle(.cancel, busy: false) == SessionFlow.Step(exit: .cancelled))
  }

  @Test("leaving while the store is asked waits for the answer; a failed attempt then leaves")
  func leavingWaits() {
    var flow = SessionFlow(screen: .signUp)
    #expect(flow.handle(.idleTimeout, busy: true) == SessionFlow.Step())
    #expect(flow.leaving == .timedOut)
    #expect(flow.handle(.settled, busy: true) == SessionFlow.Step())
    #expect(flow.handle(.settled, busy: false) == SessionFlow.Step(exit: .timedOut))
  }

  @Test("an account made while a signal waited is reported with the signal")
  func signalWhileCreating() {
    var flow = SessionFlow(screen: .signUp)
    #expect(flow.handle(.terminate(signal: 15), busy: true) == SessionFlow.Step())
    #expect(
      flow.handle(.signUp(.created(Self.account)), busy: false)
        == SessionFlow.Step(
          exit: .terminated(signal: 15, completed: .signedUp(Self.account))))
  }

  @Test("a second Ctrl-C, or one after a signal, does not wait; the end of input waits once")
  func secondInterrupt() {
    var flow = SessionFlow(screen: .signUp)
    #expect(flow.handle(.interrupt, busy: true) == SessionFlow.Step())
    #expect(flow.handle(.endOfInput, busy: true) == SessionFlow.Step(), "already leaving")
    #expect(flow.leaving == .interrupted)
    #expect(flow.handle(.interrupt, busy: true) == SessionFlow.Step(exit: .interrupted))
    var signalled = SessionFlow(screen: .signIn)
    _ = signalled.handle(.terminate(signal: 1), busy: true)
    #expect(
      signalled.handle(.terminate(signal: 15), busy: true)
        == SessionFlow.Step(exit: .terminated(signal: 15)))
  }

  @Test("done and failed end the session with what happened")
  func endings() {
    var flow = SessionFlow(screen: .signUp)
    #expect(
      flow.handle(.signUp(.created(Self.account)), busy: false)
        == SessionFlow.Step(exit: .signedUp(Self.account)))
    #expect(
      flow.handle(.signUp(.handOffFailed), busy: false)
        == SessionFlow.Step(exit: .handOffFailed))
  }
}
