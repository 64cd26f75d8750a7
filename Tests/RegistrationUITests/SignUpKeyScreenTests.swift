import Policy
import Registration
import RegistrationUI
import SSHKeys
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// The "SSH key" field on the Sign up screen, over SSH: the connecting key offered after
/// Confirm password, and a pasted line's refusal under the field.
@Suite("Sign up screen: the SSH key field")
struct SignUpKeyScreenTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"

  let screen = MemoryScreen(
    size: Size(width: 80, height: 24),
    capabilities: ScreenCapabilities(colors: true, unicode: true))
  let scheduler = ManualScheduler()
  let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())

  func app(_ key: SignUpKey) -> RegistrationApp {
    let policy = UnicodeLoginPolicy()
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: policy, key: key)
    let app = RegistrationApp(
      application: Application(screen: screen), signUpModel: model,
      signInModel: SignInViewModel(store: store, scheduler: scheduler), start: .signUp)
    app.application.render()
    return app
  }

  func type(_ text: String, in app: RegistrationApp) {
    for character in text { app.application.process([.text(String(character))]) }
  }

  func tab(_ app: RegistrationApp) { app.application.process([.key(Key(.tab))]) }

  @Test("over SSH the connecting key is offered after Confirm password, at 80x24")
  func connectingOffered() throws {
    let key = SignUpKey(need: .optional, connecting: try SSHPublicKey(line: Self.line))
    let app = app(key)
    type("alice", in: app)
    tab(app)
    type("Secret123", in: app)
    tab(app)
    type("Secret123", in: app)
    tab(app)
    scheduler.settle()
    app.application.process([])
    #expect(app.application.focused is Checkbox)
    #expect(compareSnapshot(screen, named: "sign-up-key-connecting") == .matches)
    // Space unticks it: the field for a pasted line takes focus next and says what is wrong.
    app.application.process([.text(" ")])
    #expect(!key.usesConnectingKey)
    tab(app)
    app.application.process([.paste("ssh-dss AAAAB3NzaC1kc3M=")])
    scheduler.settle()
    app.application.process([])
    #expect(screen.snapshot.contains("this key type is not accepted (ssh-dss)"))
    #expect(!app.signUp.submitButton.isEnabled())
  }
}
