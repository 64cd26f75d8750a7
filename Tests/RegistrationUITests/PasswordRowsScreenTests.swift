import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// "Hard to guess" and the strength meter on the Sign up screen, with a fake policy and
/// estimator.
@Suite("Password rows on screen")
struct PasswordRowsScreenTests {
  func harness(
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true),
    strings: Strings = .english
  ) -> SignUpHarness {
    SignUpHarness(
      capabilities: capabilities, strings: strings, passwordPolicy: FakePasswordPolicy(),
      strengthEstimator: FakeStrengthEstimator())
  }

  func typePassword(_ form: SignUpHarness, _ password: String) {
    form.type("alice")
    form.press(Key(.tab))
    form.type(password)
    form.settle()
  }

  @Test("a weak password: the reason on its row, the meter says weak")
  func weak() {
    let form = harness()
    typePassword(form, "Secret123")
    #expect(compareSnapshot(form.screen, named: "sign-up-password-weak") == .matches)
  }

  @Test("a strong password: the row struck, the meter full")
  func strong() {
    let form = harness()
    typePassword(form, "Zq7vLm2pR")
    #expect(compareSnapshot(form.screen, named: "sign-up-password-strong") == .matches)
  }

  @Test("without colour the glyphs and the word say it alone")
  func noColour() {
    let form = harness(capabilities: ScreenCapabilities(colors: false, unicode: false))
    typePassword(form, "Secret123")
    #expect(form.screen.lines.contains { $0.contains("Strength #--- weak") })
    #expect(
      form.screen.lines.contains { $0.contains("[ ] Easy to guess: based on a dictionary word") })
  }

  @Test("in Russian")
  func russian() {
    let form = harness(strings: .russian)
    typePassword(form, "alice2026")
    #expect(form.screen.lines.contains { $0.contains("✗ Легко угадать: содержит логин") })
    #expect(form.screen.lines.contains { $0.contains("Надёжность ▰▰▱▱ средняя") })
  }

  @Test("while the policy is asked the row says so, and typing redraws only the password")
  func checking() {
    let form = harness()
    typePassword(form, "Zq7vLm2p")
    let counts = form.drawCounts
    form.type("R")
    #expect(
      form.screen.lines.contains { $0.contains("… Checking that the password is hard to guess") })
    let changed = zip(counts, form.drawCounts).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
    let views = form.form.root.subtree
    #expect(
      changed.allSatisfy {
        views[$0] === form.form.passwordField || views[$0] is RequirementRow
      })
  }

  @Test("the meter has the same shape and place whatever the length, on the label row")
  func meterShape() {
    let form = harness()
    form.type("alice")
    form.press(Key(.tab))
    for character in "Zq7vLm2pRZq7vLm2pR" {
      form.type(String(character))
      let meter = form.screen.lines.first { $0.contains("Strength") }!
      #expect(meter.filter { $0 == "▰" || $0 == "▱" }.count == 4)
      #expect(meter.hasPrefix(String(repeating: " ", count: 17) + "Password  Strength "))
      #expect(meter.hasSuffix("[show]"))
    }
  }

  @Test("the meter gives way before the label and [show] where the row is short")
  func meterNarrow() {
    let form = harness()
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret123")
    // "Password  Strength ▰▱▱▱ very weak  [show]" needs 41 columns, and margins of 2.
    form.resize(to: Size(width: 44, height: 24))
    #expect(form.screen.row(containing: "Strength") == nil)
    #expect(form.screen.row(containing: "Password") == form.screen.row(containing: "[show]"))
    form.resize(to: Size(width: 45, height: 24))
    #expect(form.screen.row(containing: "Strength ▰▱▱▱ weak") != nil)
  }
}
