import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing

/// The form's words for an account's state.
@Suite("Screens: account states")
struct AccountStateScreenTests {
  /// Sign in with the right password, the store answering `error`.
  func signIn(_ error: AccountStoreError, _ strings: Strings) -> SignUpHarness {
    let store = InMemoryAccountStore(logins: ["alice"])
    let form = SignUpHarness(start: .signIn, store: store, strings: strings)
    store.fail(with: error)
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret123")
    form.press(Key(.tab), Key(.enter))
    form.settle()
    return form
  }

  @Test(
    "Sign in of a pending or locked account says so under the button", arguments: Language.allCases)
  func states(language: Language) {
    let strings = language.strings
    for (error, words) in [
      (AccountStoreError.accountPending, strings.applicationWaiting),
      (.accountLocked(reason: "spam"), strings.accountLocked("spam")),
    ] {
      let form = signIn(error, strings)
      let screen = form.screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(screen.contains(words), "\(screen.joined(separator: "\n"))")
      #expect(form.app.outcome == nil)
    }
  }
}
