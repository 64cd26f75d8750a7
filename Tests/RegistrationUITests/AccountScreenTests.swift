import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// Your account at `join@` on an in-memory screen: keys in, text out.
final class AccountHarness {
  static let laptop = AccountKey(
    type: "ssh-ed25519", base64: "AAAA", comment: "alice@laptop", fingerprint: "SHA256:laptop")
  static let phone = AccountKey(
    type: "ssh-ed25519", base64: "BBBB", comment: "ph\u{1B}]0;owned\u{07}one",
    fingerprint: "SHA256:phone")

  let screen: MemoryScreen
  let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())
  let scheduler = ManualScheduler()
  let model: AccountViewModel
  let passwordModel: ChangePasswordViewModel
  let app: AccountApp

  init(
    size: Size = Size(width: 80, height: 24), strings: Strings = .english,
    required: Bool = false, keys: [AccountKey] = [], withoutPassword: Bool = false
  ) throws {
    screen = MemoryScreen(
      size: size, capabilities: ScreenCapabilities(colors: true, unicode: true))
    store.add(login: "Alice", password: "Old4Secret")
    for key in keys { try store.addKey(key, to: "alice") }
    model = AccountViewModel(
      store: store, login: "Alice", connectingKey: Self.laptop, keysRequired: required,
      readKey: { line in
        line == "ssh-ed25519 BBBB phone" ? .success(Self.phone) : .failure(.init("not a key"))
      }, scheduler: scheduler, strings: strings)
    passwordModel = ChangePasswordViewModel(
      store: store, scheduler: scheduler, strings: strings, passwordPolicy: FakePasswordPolicy(),
      strengthEstimator: FakeStrengthEstimator())
    app = AccountApp(
      application: Application(screen: screen),
      signedIn: SignedInAccount(login: "Alice", signedInAt: "2026-12-02T00:00:00Z"),
      model: model, passwordModel: withoutPassword ? nil : passwordModel, strings: strings)
    settle()
  }

  var text: String { screen.lines.joined(separator: "\n") }

  func type(_ text: String) {
    for character in text { app.application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { app.application.process([.key(key)]) }
  }

  /// Focuses `view` and presses Enter on it.
  func activate(_ view: View) {
    app.application.focus(view)
    press(Key(.enter))
    settle()
  }

  func settle() {
    scheduler.settle()
    app.application.process([])
  }
}

@Suite("Your account screen")
struct AccountScreenTests {
  @Test("the login, the keys and every action fit 80x24, in English and in Russian")
  func fits() throws {
    for strings in [Strings.english, .russian] {
      let form = try AccountHarness(strings: strings, keys: [AccountHarness.phone])
      for text in [
        strings.accountTitle("Alice"), "SHA256:phone", "ED25519",
        "[ \(strings.addConnectingKeyButton) ]", strings.pasteKeyLabel,
        "[ \(strings.addPastedKeyButton) ]", "[ \(strings.changePasswordButton) ]",
        "[ \(strings.accountDoneButton) ]", strings.removeKeyAction,
      ] + strings.accountKeyColumns {
        #expect(form.text.contains(text), "\(text) is on screen")
      }
      #expect(form.app.application.focused === form.app.account.keyList)
    }
  }

  @Test("a comment's controls are shown, never sent to the terminal")
  func escapedComment() throws {
    let form = try AccountHarness(keys: [AccountHarness.phone])
    #expect(form.text.contains("ph\\u{1B}]0;owned\\u{7}one"))
    #expect(!form.text.contains("\u{1B}"))
  }

  @Test("the key of this connection is added by its button, and marked in the list")
  func addConnectingKey() throws {
    let form = try AccountHarness()
    #expect(form.text.contains(Strings.english.noKeys))
    form.activate(form.app.account.addConnectingKeyButton)
    #expect(try form.store.keys(of: "alice") == [AccountHarness.laptop])
    #expect(form.text.contains("alice@laptop (this connection)"))
    #expect(form.text.contains("Key added."))
    #expect(!form.app.account.addConnectingKeyButton.isEnabled(), "it is there now")
  }

  @Test("a pasted line is added with Enter; one that is not a key says so and stays")
  func pasteKey() throws {
    let form = try AccountHarness()
    form.app.application.focus(form.app.account.pastedKeyField)
    form.type("not a key at all")
    form.press(Key(.enter))
    form.settle()
    #expect(form.text.contains("not a key"))
    #expect(try form.store.keys(of: "alice").isEmpty)
    #expect(form.model.pastedKey == "not a key at all")
    form.model.pastedKey = ""
    form.type("ssh-ed25519 BBBB phone")
    form.press(Key(.enter))
    form.settle()
    #expect(try form.store.keys(of: "alice") == [AccountHarness.phone])
    #expect(form.model.pastedKey.isEmpty)
    #expect(form.text.contains("Key added."))
  }

  @Test("r removes the selected key; the key in use only when asked twice")
  func removeKeys() throws {
    let form = try AccountHarness(keys: [AccountHarness.laptop, AccountHarness.phone])
    form.app.application.focus(form.app.account.keyList)
    form.press(Key(.character("r")))
    form.settle()
    #expect(form.text.contains("This is the key you are connected with."))
    #expect(try form.store.keys(of: "alice").count == 2)
    form.press(Key(.character("r")))
    form.settle()
    #expect(try form.store.keys(of: "alice") == [AccountHarness.phone])
    #expect(form.text.contains("Key removed."))
  }

  @Test("the last key stays while the site requires keys")
  func lastKeyStays() throws {
    let form = try AccountHarness(required: true, keys: [AccountHarness.phone])
    form.app.application.focus(form.app.account.keyList)
    form.press(Key(.character("r")))
    form.settle()
    #expect(try form.store.keys(of: "alice") == [AccountHarness.phone])
    #expect(form.text.contains("This is your last key"))
  }

  @Test("Done and Esc end the session signed in")
  func leave() throws {
    for leave in [0, 1] {
      let form = try AccountHarness()
      if leave == 0 {
        form.activate(form.app.account.doneButton)
      } else {
        form.press(Key(.escape))
      }
      guard case .signedIn(let account)? = form.app.outcome else {
        Issue.record("not signed in: \(String(describing: form.app.outcome))")
        continue
      }
      #expect(account.login == "Alice")
    }
  }

  @Test("Change password opens with the login filled in; Esc comes back; a change ends it")
  func changePassword() throws {
    let form = try AccountHarness()
    form.activate(try #require(form.app.account.changePasswordButton))
    #expect(form.app.router.current == .changePassword)
    #expect(form.passwordModel.login == "Alice")
    #expect(form.app.application.focused === form.app.changePassword?.fields[.currentPassword])
    form.press(Key(.escape))
    #expect(form.app.router.current == .account)
    #expect(form.app.outcome == nil)
    form.activate(try #require(form.app.account.changePasswordButton))
    form.type("Old4Secret")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.enter))
    form.settle()
    guard case .passwordChanged? = form.app.outcome else {
      Issue.record("password not changed: \(String(describing: form.app.outcome))")
      return
    }
    #expect(try form.store.signIn(login: "alice", password: "Zq7vLm2pR") != nil)
  }

  @Test("with no passwords (`password = off`) no Change password: Done alone, in the chain")
  func withoutPassword() throws {
    for strings in [Strings.english, .russian] {
      let form = try AccountHarness(strings: strings, withoutPassword: true)
      #expect(form.app.account.changePasswordButton == nil)
      #expect(form.app.changePassword == nil)
      #expect(!form.text.contains(strings.changePasswordButton), "\(form.text)")
      #expect(form.text.contains("[ \(strings.addPastedKeyButton) ]"), "\(form.text)")
      // Done, alone on its row, centred as Add key is (not at the row's left).
      func middle(_ button: String) throws -> Int {
        let row = try #require(form.screen.lines.first { $0.contains(button) }, "\(form.text)")
        return 2 * row.prefix { $0 == " " }.count + button.count
      }
      let done = try middle("[ \(strings.accountDoneButton) ]")
      let addKey = try middle("[ \(strings.addPastedKeyButton) ]")
      #expect(abs(done - addKey) <= 1, "\(form.text)")
      #expect(form.app.application.focused === form.app.account.keyList)
      // Add key (enabled by a pasted line) and Done are neighbours now, both ways round.
      form.model.pastedKey = "ssh-ed25519 BBBB phone"
      form.settle()
      form.app.application.focus(form.app.account.doneButton)
      form.app.application.focusPrevious()
      #expect(form.app.application.focused === form.app.account.addPastedKeyButton)
      form.press(Key(.tab))
      #expect(form.app.application.focused === form.app.account.doneButton)
      form.press(Key(.tab))
      #expect(form.app.application.focused === form.app.account.keyList, "it wraps around")
    }
  }
}
