import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing

/// The form's words for an account's state, and a store's long reason read whole.
@Suite("Screens: account states and long reasons")
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

  @Test("a reason wider than the form wraps onto more rows: every word of it is on screen")
  func longReason() {
    let reason =
      "connection to server at \"db1.example.org\" (192.0.2.10), port 5432 failed: "
      + "Connection refused; is the server running on that host and accepting TCP/IP?"
    let form = signIn(.unreachable(reason), .english)
    let screen = form.screen.lines.joined(separator: "\n")
    let shown = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    let words = Strings.english.cannotSignIn(Strings.english.storeUnreachable(reason))
      .split(separator: " ").map(String.init)
    #expect(words.allSatisfy(shown.contains), "\(screen)")
    #expect(!screen.contains("…"), "\(screen)")
  }
}
