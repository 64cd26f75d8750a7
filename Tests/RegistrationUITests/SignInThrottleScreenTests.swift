import Foundation
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing

@Suite("Sign in screen: too many attempts")
struct SignInThrottleScreenTests {
  @Test(
    "the line under the button says when to try again", arguments: [Language.english, .russian])
  func locked(language: Language) {
    let store = InMemoryAccountStore(logins: ["alice"])
    let form = SignUpHarness(start: .signIn, store: store, strings: language.strings)
    store.fail(with: .throttled(retryAfterSeconds: 100))
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret123")
    form.press(Key(.tab), Key(.enter))
    form.settle()
    let expected = language.strings.tooManyAttempts(100)
    #expect(
      form.screen.lines.contains { $0.trimmingCharacters(in: .whitespaces) == expected },
      "\(form.screen.lines.joined(separator: "\n"))")
    #expect(form.app.outcome == nil)
  }
}
