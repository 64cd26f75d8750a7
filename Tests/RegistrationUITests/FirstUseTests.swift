import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Where a person trying the form for the first time got stuck: each test walks the step
/// as they would, on the in-memory screen.
@Suite("First use")
struct FirstUseTests {
  @Test("a password pasted with its trailing newline can be typed again in Confirm")
  func pastedPassword() {
    let form = SignUpHarness()
    form.type("alice")
    form.press(Key(.tab))
    form.send(.paste("Secret123\n"))
    form.press(Key(.tab))
    form.type("Secret123")
    form.settle()
    #expect(form.model.password == "Secret123")
    #expect(form.screen.lines.contains { $0.contains("✓ \("Matches the password".struckThrough)") })
    #expect(form.model.canSubmit)
  }
}
