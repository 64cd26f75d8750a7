import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Over SSH a store that fails says one sentence and the site's contact (the program's
/// watched store hides the reason): at 80x24, on the Sign up a door shows (the key field
/// too), the whole of it is on the screen, not cut at the edge.
@Suite("Sign up: the store unavailable, at 80x24")
struct StoreUnavailableScreenTests {
  static let contact = "admin@example.org"

  /// The form filled in and submitted while the store fails as the program's watched store
  /// fails over SSH.
  func submitted(strings: Strings) -> SignUpHarness {
    let store = InMemoryAccountStore()
    let form = SignUpHarness(
      store: store, strings: strings,
      key: SignUpKey(need: .optional, connecting: nil, strings: strings))
    form.fillValidForm()
    store.fail(with: .unavailable(strings.withContact(strings.signUpNotAvailable, Self.contact)))
    form.press(Key(.enter))
    form.settle()
    return form
  }

  /// The screen's words, rows joined by one space: a message wrapped over rows reads whole.
  func words(_ form: SignUpHarness) -> String {
    form.screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  @Test("the whole notice and the contact are on the screen, in English and in Russian")
  func wholeNotice() throws {
    for strings in [Strings.english, .russian] {
      let form = submitted(strings: strings)
      let notice = try #require(form.model.notice)
      #expect(notice.contains(strings.signUpNotAvailable) && notice.contains(Self.contact))
      #expect(words(form).contains(notice), "\(form.screen.lines.joined(separator: "\n"))")
      // Still a whole form: the button, and the link under it.
      #expect(form.screen.lines.contains { $0.contains(strings.signUpButton) })
      #expect(form.screen.lines.contains { $0.contains(strings.signInLink) })
    }
  }
}
