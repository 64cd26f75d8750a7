import Registration
import RegistrationUI
import Testing

/// The account screen's steps: Change password behind it, Esc back to it, Done signed in.
@Suite("Session flow: your account")
struct SessionFlowAccountTests {
  let alice = SignedInAccount(login: "alice", signedInAt: "2026-12-02T00:00:00Z")

  @Test("Change password and back with Esc; Done ends signed in, after the store answers")
  func account() {
    var flow = SessionFlow(screen: .account)
    #expect(flow.handle(.showChangePassword, busy: false).screen == .changePassword)
    #expect(flow.handle(.cancel, busy: true) == SessionFlow.Step(), "the answer decides")
    #expect(flow.handle(.cancel, busy: false).screen == .account)
    #expect(flow.handle(.accountDone(alice), busy: true).exit == nil)
    #expect(flow.handle(.settled, busy: false).exit == .signedIn(alice))
  }

  @Test("Esc on Change password started on its own still leaves")
  func changePasswordAlone() {
    var flow = SessionFlow(screen: .changePassword)
    #expect(flow.handle(.cancel, busy: false).exit == .cancelled)
  }
}
