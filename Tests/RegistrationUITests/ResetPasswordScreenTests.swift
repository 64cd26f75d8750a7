import Foundation
import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// Reset password on an in-memory screen, alone (`--reset`) or behind Sign in's link.
final class ResetPasswordHarness {
  let screen: MemoryScreen
  let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())
  let scheduler = ManualScheduler()
  let model: ResetPasswordViewModel
  let application: Application
  /// `--reset`: the screen alone.
  private(set) var alone: ResetPasswordApp?
  /// Sign up and Sign in, with the link to Reset password.
  private(set) var session: RegistrationApp?

  init(
    behindSignIn: Bool = false, size: Size = Size(width: 80, height: 24),
    strings: Strings = .english
  ) {
    screen = MemoryScreen(
      size: size, capabilities: ScreenCapabilities(colors: true, unicode: true))
    store.add(login: "Alice", password: "Old4Secret")
    store.addResetCode("K7QP-2MXD-9TRA", for: "alice")
    model = ResetPasswordViewModel(
      store: store, scheduler: scheduler, strings: strings, passwordPolicy: FakePasswordPolicy(),
      strengthEstimator: FakeStrengthEstimator())
    application = Application(screen: screen)
    if behindSignIn {
      session = RegistrationApp(
        application: application,
        signUpModel: RegistrationViewModel(
          store: store, scheduler: scheduler, strings: strings, policy: UnicodeLoginPolicy()),
        signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: strings),
        resetModel: model, start: .signIn, strings: strings)
    } else {
      alone = ResetPasswordApp(application: application, model: model, strings: strings)
    }
    application.render()
  }

  var screenView: ResetPasswordScreen { alone?.resetPassword ?? session!.resetPassword! }
  var outcome: SessionOutcome? { alone?.outcome ?? session?.outcome }
  var focused: View? { application.focused }
  var text: String { screen.lines.joined(separator: "\n") }

  func type(_ text: String) {
    for character in text { application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { application.process([.key(key)]) }
  }

  func settle() {
    scheduler.settle()
    application.process([])
  }

  /// Types the four answers, Tab between them.
  func fill(_ login: String, _ code: String, _ new: String, _ confirmation: String) {
    for (index, answer) in [login, code, new, confirmation].enumerated() {
      if index > 0 { press(Key(.tab)) }
      type(answer)
    }
  }

  /// Whether the session ended with a password set for `login` (as registered).
  func reset(for login: String) -> Bool {
    if case .passwordChanged(let changed) = outcome { changed.login == login } else { false }
  }
}

@Suite("Reset password screen")
struct ResetPasswordScreenTests {
  @Test("the whole form fits 80x24, in English and in Russian")
  func fits() {
    for (strings, name) in [
      (Strings.english, "reset-password-empty"), (.russian, "reset-password-ru"),
    ] {
      let form = ResetPasswordHarness(strings: strings)
      #expect(form.focused === form.screenView.fields[.login])
      for text in [
        strings.resetPasswordTitle, strings.resetCodeLabel, strings.newPasswordLabel,
        strings.confirmNewPasswordLabel, strings.passwordLength, strings.confirmationMatches,
        "[ \(strings.resetPasswordButton) ]",
      ] {
        #expect(form.text.contains(text), "\(text) is on screen")
      }
      #expect(compareSnapshot(form.screen, named: name) == .matches)
    }
  }

  @Test("the code is typed hidden, like the passwords; the rows strike live")
  func hidden() {
    let form = ResetPasswordHarness()
    form.fill("alice", "K7QP-2MXD-9TRA", "Zq7vLm2pR", "Zq7vLm2p")
    #expect(!form.text.contains("K7QP"), "the code is never on screen")
    #expect(!form.text.contains("Zq7vLm2pR"))
    #expect(form.text.contains("✓ \("At least 8 characters".struckThrough)"))
    #expect(!form.text.contains("Matches the password".struckThrough))
    form.type("R")
    #expect(form.text.contains("✓ \("Matches the password".struckThrough)"))
  }

  @Test("Enter in the confirmation sets the password and ends the session with it")
  func resets() {
    let form = ResetPasswordHarness()
    form.fill("ALICE", "K7QP-2MXD-9TRA", "Zq7vLm2pR", "Zq7vLm2pR")
    form.settle()
    form.press(Key(.enter))
    #expect(form.text.contains("Setting the new password…"))
    form.settle()
    #expect(form.reset(for: "Alice"))
    #expect(form.store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("a wrong code: one message, the focus back on the code, emptied; the right one works")
  func wrong() {
    let form = ResetPasswordHarness()
    form.fill("alice", "K7QP-2MXD-0000", "Zq7vLm2pR", "Zq7vLm2pR")
    form.settle()
    form.press(Key(.enter))
    form.settle()
    #expect(form.text.contains("Wrong login or code, or the code has expired."))
    #expect(compareSnapshot(form.screen, named: "reset-password-wrong") == .matches)
    #expect(form.focused === form.screenView.fields[.code])
    #expect(form.model.code.isEmpty)
    form.type("K7QP-2MXD-9TRA")
    #expect(!form.text.contains("Wrong login or code"))
    form.press(Key(.tab), Key(.tab), Key(.enter))
    form.settle()
    #expect(form.reset(for: "Alice"))
  }

  @Test("Esc alone leaves without changing anything")
  func cancel() {
    let form = ResetPasswordHarness()
    form.fill("alice", "K7QP-2MXD-9TRA", "Zq7vLm2pR", "")
    form.press(Key(.escape))
    #expect(form.outcome == .cancelled)
    #expect(form.store.hasPassword("Old4Secret", for: "alice"))
    #expect(form.store.hasResetCode(for: "alice"))
  }

  @Test("Sign in's \"Forgot your password?\" opens it with the login typed; Esc goes back")
  func behindSignIn() throws {
    let form = ResetPasswordHarness(behindSignIn: true)
    let session = try #require(form.session)
    #expect(form.text.contains("Forgot your password?"))
    #expect(compareSnapshot(form.screen, named: "sign-in-forgot") == .matches)
    form.type("alice")
    let link = try #require(session.signIn.forgotLink)
    form.application.focus(link)
    form.press(Key(.enter))
    #expect(session.router.current == .resetPassword)
    #expect(form.model.login == "alice", "the login typed on Sign in comes along")
    #expect(form.text.contains("Reset password"))
    form.press(Key(.escape))
    #expect(session.router.current == .signIn, "Esc goes back to Sign in")
    #expect(form.outcome == nil)
    form.application.focus(link)
    form.press(Key(.enter))
    form.application.focus(form.screenView.fields[.code]!)
    form.type("K7QP-2MXD-9TRA")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.settle()
    form.press(Key(.enter))
    form.settle()
    #expect(form.reset(for: "Alice"))
  }

  @Test("behind Sign in it leaves Sign up as wide as without it, in English and Russian")
  func sameWidth() {
    for strings in [Strings.english, .russian] {
      let with = ResetPasswordHarness(behindSignIn: true, strings: strings)
      let without = RegistrationApp(
        application: Application(screen: with.screen),
        signUpModel: RegistrationViewModel(
          store: with.store, scheduler: with.scheduler, strings: strings,
          policy: UnicodeLoginPolicy()),
        signInModel: SignInViewModel(
          store: with.store, scheduler: with.scheduler, strings: strings),
        start: .signIn, strings: strings)
      #expect(with.application.contentWidth == without.application.contentWidth)
    }
  }

  @Test("a session without Reset password shows no link")
  func noLink() {
    let form = SignUpHarness(start: .signIn)
    #expect(form.app.signIn.forgotLink == nil)
    #expect(!form.screen.lines.contains { $0.contains("Forgot your password?") })
  }

  @Test("the screen is built on the public toolkit only")
  func publicToolkitOnly() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/RegistrationUI/ResetPasswordScreen.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    #expect(!source.contains("@_spi") && !source.contains("@testable"))
    #expect(source.contains("import Widgets") && !source.contains("import Terminal"))
  }
}
