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

/// A message under the button longer than the form is wide wraps: cut with "…", a locked
/// person could not read the admin's reason, nor a stranger that sign-up is unavailable.
@Suite("Screens: long messages under the button")
struct LongSubmitMessageTests {
  @Test(
    "a lock's long reason reads whole at 80x24, in both languages", arguments: Language.allCases)
  func longLockReason(language: Language) {
    let strings = language.strings
    let reason = "spam sent from this account to other members, reported three times this week"
    let form = AccountStateScreenTests().signIn(.accountLocked(reason: reason), strings)
    let text = form.screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(!text.contains("…"), "\(form.screen.lines.joined(separator: "\n"))")
    for word in reason.split(separator: " ") {
      #expect(text.contains(word), "\(word): \(form.screen.lines.joined(separator: "\n"))")
    }
  }
}
