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
    form.send(.paste("Zq7vLm2pR\n"))
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.settle()
    #expect(form.model.password == "Zq7vLm2pR")
    #expect(form.screen.lines.contains { $0.contains("✓ \("Matches the password".struckThrough)") })
    #expect(form.model.canSubmit)
  }

  // MARK: A taken login

  @Test("a login too short to be taken is not called free")
  func shortLoginNotFree() {
    let form = SignUpHarness()
    form.type("al")
    form.settle()
    #expect(form.screen.lines.contains { $0.contains("✗ Login is free") })
    #expect(!form.screen.lines.contains { $0.contains("Login is free".struckThrough) })
    #expect(form.store.lookedUp.isEmpty)
  }

  @Test("a taken login: an error in words and a way to Sign in that carries the login over")
  func takenLogin() {
    let form = SignUpHarness(store: InMemoryAccountStore(logins: ["alice"]))
    form.type("alice")
    form.settle()
    #expect(compareSnapshot(form.screen, named: "sign-up-login-taken") == .matches)
    let row = form.screen.row(containing: "This login is taken.")!
    let x = form.form.loginField.frame.minX
    #expect(form.screen.cell(at: Point(x: x, y: row)).style.foreground == .red, "red at once")
    // The way out is the next stop after Login.
    form.press(Key(.tab))
    #expect(form.focused !== form.form.passwordField)
    form.press(Key(.enter))
    #expect(form.app.router.current == .signIn)
    #expect(form.signInModel.login == "alice")
    #expect(
      form.focused === form.app.signIn.passwordField, "the login is there: on to the password")
    #expect(form.screen.lines.contains { $0.contains("alice") })
  }

  @Test("back from Sign in, focus is not left on an offer that is gone")
  func backFromSignInInstead() {
    let form = SignUpHarness(store: InMemoryAccountStore(logins: ["alice"]))
    form.type("alice")
    form.settle()
    form.press(Key(.tab), Key(.enter))
    #expect(form.app.router.current == .signIn)
    form.press(Key(.escape))
    #expect(form.app.router.current == .signUp)
    #expect(form.focused === form.form.loginField, "the offer went while the login is checked")
    form.settle()
    #expect(form.screen.lines.contains { $0.contains("Sign in instead?") })
  }

  @Test("a free login offers no way to Sign in; Tab goes on to Password")
  func freeLoginNoOffer() {
    let form = SignUpHarness(store: InMemoryAccountStore(logins: ["alice"]))
    form.type("alicia")
    form.settle()
    #expect(!form.screen.lines.contains { $0.contains("Sign in instead") })
    form.press(Key(.tab))
    #expect(form.focused === form.form.passwordField)
  }

  // MARK: Submitting while the login is checked

  @Test("a fast typist: Enter in the last field waits for the check, then signs up")
  func enterInLastFieldWhileChecking() {
    let form = SignUpHarness()
    form.type("alice")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.enter))
    #expect(form.app.outcome == nil)
    #expect(form.focused === form.form.confirmationField, "not sent back to Login")
    #expect(form.screen.lines.contains { $0.contains("Checking that the login is free…") })
    form.settle()
    guard case .signedUp(let account) = form.app.outcome else {
      Issue.record("not signed up: \(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "alice")
  }

  @Test("the button pressed while the login is checked waits too, and goes to Login if taken")
  func buttonWhileChecking() {
    let form = SignUpHarness(store: InMemoryAccountStore(logins: ["alice"]))
    form.type("alice")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab), Key(.enter))
    #expect(form.focused === form.form.submitButton)
    form.settle()
    #expect(form.app.outcome == nil)
    #expect(form.focused === form.form.loginField)
    #expect(form.screen.lines.contains { $0.contains("This login is taken.") })
  }

  @Test("Enter in the last field with something unmet moves on, as before")
  func enterInLastFieldUnmet() {
    let form = SignUpHarness()
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret123")
    form.press(Key(.tab))
    form.type("Secret12")
    form.press(Key(.enter))
    #expect(form.focused === form.form.submitButton)
    #expect(!form.model.hasAttemptedSubmit)
  }

  // MARK: Sign in

  @Test("a failed sign-in goes to the password, cleared, keeps the login; Enter there signs in")
  func failedSignIn() {
    let store = InMemoryAccountStore()
    store.add(login: "Alice", password: "Secret123")
    let form = SignUpHarness(start: .signIn, store: store)
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret12")
    form.press(Key(.tab), Key(.enter))
    form.settle()
    #expect(form.screen.lines.contains { $0.contains("Wrong login or password.") })
    #expect(form.focused === form.app.signIn.passwordField)
    #expect(form.signInModel.password.isEmpty)
    #expect(form.signInModel.login == "alice")
    form.type("Secret123")
    form.press(Key(.enter))
    form.settle()
    guard case .signedIn(let account) = form.app.outcome else {
      Issue.record("not signed in: \(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "Alice")
  }
}
