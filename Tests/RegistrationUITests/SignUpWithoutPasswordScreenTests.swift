import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// The Sign up screen of a site with `password = off`: no Password or Confirm rows, the
/// SSH key right under the login, Create account once a key is pasted.
@Suite("Sign up screen: without a password")
struct SignUpWithoutPasswordScreenTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"

  let screen = MemoryScreen(
    size: Size(width: 80, height: 24),
    capabilities: ScreenCapabilities(colors: true, unicode: true))
  let scheduler = ManualScheduler()
  let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())

  @Test("no Password or Confirm rows at 80x24; the pasted key enables Create account")
  func noPasswordRows() {
    let key = SignUpKey(need: .required, connecting: nil)
    let model = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: UnicodeLoginPolicy(), key: key,
      withoutPassword: true)
    let app = RegistrationApp(
      application: Application(screen: screen), signUpModel: model,
      signInModel: SignInViewModel(store: store, scheduler: scheduler), start: .signUp)
    app.application.render()
    for character in "alice" { app.application.process([.text(String(character))]) }
    app.application.process([.key(Key(.tab))])
    scheduler.settle()
    app.application.process([])
    #expect(!screen.snapshot.contains("Password"))
    #expect(!screen.snapshot.contains("Confirm"))
    #expect(screen.snapshot.contains("SSH key"))
    #expect(!app.signUp.submitButton.isEnabled())
    app.application.process([.paste(Self.line)])
    scheduler.settle()
    app.application.process([])
    #expect(app.signUp.submitButton.isEnabled())
    #expect(compareSnapshot(screen, named: "sign-up-without-password") == .matches)
  }
}
