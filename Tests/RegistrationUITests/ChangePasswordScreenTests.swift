import Foundation
import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// The program's Change password screen on an in-memory screen: keys in, text out.
final class ChangePasswordHarness {
  let screen: MemoryScreen
  let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())
  let scheduler = ManualScheduler()
  let model: ChangePasswordViewModel
  let app: ChangePasswordApp

  init(
    size: Size = Size(width: 80, height: 24), strings: Strings = .english,
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true)
  ) {
    screen = MemoryScreen(size: size, capabilities: capabilities)
    store.add(login: "Alice", password: "Old4Secret")
    model = ChangePasswordViewModel(
      store: store, scheduler: scheduler, strings: strings, passwordPolicy: FakePasswordPolicy(),
      strengthEstimator: FakeStrengthEstimator())
    app = ChangePasswordApp(
      application: Application(screen: screen), model: model, strings: strings)
    app.application.render()
  }

  var screenView: ChangePasswordScreen { app.changePassword }
  var focused: View? { app.application.focused }
  var text: String { screen.lines.joined(separator: "\n") }

  func type(_ text: String) {
    for character in text { app.application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { app.application.process([.key(key)]) }
  }

  func settle() {
    scheduler.settle()
    app.application.process([])
  }

  /// Types the four answers, Tab between them.
  func fill(_ login: String, _ current: String, _ new: String, _ confirmation: String) {
    for (index, answer) in [login, current, new, confirmation].enumerated() {
      if index > 0 { press(Key(.tab)) }
      type(answer)
    }
  }
}

@Suite("Change password screen")
struct ChangePasswordScreenTests {
  @Test("the whole form fits 80x24, in English and in Russian")
  func fits() {
    for (strings, name) in [
      (Strings.english, "change-password-empty"), (.russian, "change-password-ru"),
    ] {
      let form = ChangePasswordHarness(strings: strings)
      #expect(form.focused === form.screenView.fields[.login])
      for text in [
        strings.changePasswordTitle, strings.currentPasswordLabel, strings.newPasswordLabel,
        strings.confirmNewPasswordLabel, strings.passwordLength, strings.passwordHardToGuess,
        strings.confirmationMatches, "[ \(strings.changePasswordButton) ]",
      ] {
        #expect(form.text.contains(text), "\(text) is on screen")
      }
      #expect(compareSnapshot(form.screen, named: name) == .matches)
      // Filled in, with the meter on the new password's label row: still all on screen.
      form.fill("alice", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR")
      form.settle()
      let meter = "\(strings.strengthLabel) ▰▰▰▰ \(strings.strength(.strong))"
      #expect(form.text.contains("\(strings.newPasswordLabel)  \(meter)"))
      #expect(form.text.contains(strings.changePasswordTitle))
      #expect(form.text.contains("[ \(strings.changePasswordButton) ]"))
    }
  }

  @Test("the new password's rows strike as it is typed, with the meter; the confirmation follows")
  func live() {
    let form = ChangePasswordHarness()
    form.fill("alice", "Old4Secret", "zq7v", "")
    form.press(Key(.up))
    #expect(form.focused === form.screenView.fields[.newPassword])
    #expect(!form.text.contains("One uppercase letter".struckThrough))
    form.type("L")
    #expect(form.text.contains("✓ \("One uppercase letter".struckThrough)"))
    #expect(!form.text.contains("At least 8 characters".struckThrough))
    form.type("m2p")
    #expect(form.text.contains("✓ \("At least 8 characters".struckThrough)"))
    form.type("R")
    #expect(!form.text.contains("Hard to guess".struckThrough), "asked after a pause")
    form.settle()
    #expect(form.text.contains("✓ \("Hard to guess".struckThrough)"))
    #expect(form.text.contains("New password  Strength ▰▰▱▱ fair"))
    form.press(Key(.tab))
    form.type("zq7vLm2p")
    #expect(!form.text.contains("Matches the password".struckThrough))
    form.type("R")
    #expect(form.text.contains("✓ \("Matches the password".struckThrough)"))
    #expect(!form.text.contains("zq7vLm2pR") && !form.text.contains("Old4Secret"), "masked")
  }

  @Test("the current password again is said under the button, and the button does nothing")
  func sameAsCurrent() {
    let form = ChangePasswordHarness()
    form.fill("alice", "Old4Secret", "Old4Secret", "Old4Secret")
    form.settle()
    #expect(form.text.contains("The new password is the current one."))
    form.press(Key(.enter))
    #expect(form.focused is Button, "Enter moves on, as on Sign up")
    form.press(Key(.enter))
    #expect(form.app.outcome == nil)
    #expect(form.focused === form.screenView.fields[.newPassword], "sent to the new password")
  }

  @Test("Enter in the confirmation changes the password and ends the session with it")
  func changes() {
    let form = ChangePasswordHarness()
    form.fill("ALICE", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR")
    form.settle()
    form.press(Key(.enter))
    #expect(form.text.contains("Changing the password…"))
    form.settle()
    guard case .passwordChanged(let changed) = form.app.outcome else {
      Issue.record("not changed: \(String(describing: form.app.outcome))")
      return
    }
    #expect(changed.login == "Alice")
    #expect(form.store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("Enter typed before \"Hard to guess\" answers waits for it, then changes: one Enter")
  func enterBeforeThePolicyAnswers() {
    let form = ChangePasswordHarness()
    form.fill("ALICE", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR")
    // No time has passed: the policy's row is still being checked.
    form.press(Key(.enter))
    #expect(form.focused === form.screenView.fields[.confirmation], "Enter does not move on")
    form.settle()
    guard case .passwordChanged = form.app.outcome else {
      Issue.record("not changed: \(String(describing: form.app.outcome))")
      return
    }
    #expect(form.store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("a wrong current password: one message, focus back on the current password, emptied")
  func wrong() {
    let form = ChangePasswordHarness()
    form.fill("alice", "Wrong4Secret", "Zq7vLm2pR", "Zq7vLm2pR")
    form.settle()
    form.press(Key(.enter))
    form.settle()
    #expect(form.text.contains("Wrong login or password."))
    #expect(form.focused === form.screenView.fields[.currentPassword])
    #expect(form.model.currentPassword.isEmpty)
    form.type("Old4Secret")
    #expect(!form.text.contains("Wrong login or password."))
    form.press(Key(.tab), Key(.tab), Key(.enter))
    form.settle()
    #expect(form.app.outcome.map { if case .passwordChanged = $0 { true } else { false } } == true)
  }

  @Test("a key in the login or the current password redraws that field alone, in one flush")
  func drawCounts() {
    let form = ChangePasswordHarness()
    let views = form.screenView.root.subtree
    for (field, text) in [(ChangePasswordField.login, "al"), (.currentPassword, "Ol")] {
      if field != .login { form.press(Key(.tab)) }
      form.type(String(text.first!))
      let (before, flushes) = (views.map(\.drawCount), form.screen.flushCount)
      form.type(String(text.last!))
      let redrawn = views.indices.filter { views[$0].drawCount != before[$0] }.map { views[$0] }
      #expect(redrawn.count == 1 && redrawn.first === form.screenView.fields[field])
      #expect(form.screen.flushCount == flushes + 1)
    }
  }

  @Test("Esc leaves without changing anything")
  func cancel() {
    let form = ChangePasswordHarness()
    form.fill("alice", "Old4Secret", "Zq7vLm2pR", "")
    form.press(Key(.escape))
    #expect(form.app.outcome == .cancelled)
    #expect(form.store.hasPassword("Old4Secret", for: "alice"))
  }

  @Test("the screen is built on the public toolkit only: no test hooks, nothing from inside it")
  func publicToolkitOnly() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/RegistrationUI/ChangePasswordScreen.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    #expect(!source.contains("@_spi") && !source.contains("@testable"))
    #expect(source.contains("import Widgets") && !source.contains("import Terminal"))
  }
}
