import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

@Suite("Sign in screen and switching")
struct SignInScreenTests {
  @Test("the Sign in screen")
  func screen() {
    let form = SignUpHarness(start: .signIn)
    #expect(form.focused === form.app.signIn.loginField)
    #expect(compareSnapshot(form.screen, named: "sign-in-empty") == .matches)
  }

  @Test("the links switch screens; what was typed and the focus survive")
  func switching() {
    let form = SignUpHarness()
    form.type("bobby")
    form.press(Key(.tab))
    form.type("Secret")
    form.send(.mouse(MouseEvent(.left, .press, at: form.point(in: form.form.signInLink, x: 28))))
    #expect(form.app.router.current == .signIn)
    #expect(form.screen.lines.contains { $0.contains("No account yet? Create one") })
    form.type("carol")
    form.press(Key(.escape))
    #expect(form.app.router.current == .signUp, "Esc on Sign in goes back")
    #expect(form.app.outcome == nil)
    #expect(form.focused === form.form.signInLink, "the link was clicked, so it had focus")
    #expect(form.screen.lines.contains { $0.contains("bobby") })
    #expect(form.screen.lines.contains { $0.contains("••••••") })
    form.press(Key(.enter))
    #expect(form.app.router.current == .signIn)
    #expect(form.screen.lines.contains { $0.contains("carol") })
    #expect(form.focused === form.app.signIn.loginField)
  }

  @Test("leaving for Sign in does not count as leaving a field")
  func switchingIsNotLeaving() {
    let form = SignUpHarness()
    form.type("al")
    form.app.go(to: .signIn)
    form.app.go(to: .signUp)
    #expect(!form.model.showsError(for: .login))
  }

  @Test("going to Change password in a session without it changes nothing: Sign up stays")
  func noChangePassword() {
    let form = SignUpHarness()
    form.type("al")
    form.app.go(to: .changePassword)
    #expect(form.app.router.current == .signUp)
    #expect(form.focused === form.form.loginField)
    form.type("ice")
    #expect(form.model.login == "alice")
  }

  @Test("a wrong password says so without saying which; the right one signs in")
  func signIn() {
    let store = InMemoryAccountStore(identity: UnicodeLoginPolicy())
    store.add(login: "Alice", password: "Secret123")
    let form = SignUpHarness(start: .signIn, store: store)
    form.type("alice")
    form.press(Key(.tab))
    form.type("Secret12")
    form.press(Key(.tab), Key(.enter))
    #expect(form.screen.lines.contains { $0.contains("Checking the password…") })
    form.settle()
    #expect(form.screen.lines.contains { $0.contains("Wrong login or password.") })
    #expect(compareSnapshot(form.screen, named: "sign-in-wrong") == .matches)
    form.type("Secret123")
    #expect(!form.screen.lines.contains { $0.contains("Wrong login or password.") })
    form.press(Key(.tab), Key(.enter))
    form.settle()
    guard case .signedIn(let account) = form.app.outcome else {
      Issue.record("not signed in: \(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "Alice")
  }

  @Test("Sign in with an empty field goes to that field")
  func emptyField() {
    let form = SignUpHarness(start: .signIn)
    form.type("alice")
    form.press(Key(.tab), Key(.tab), Key(.enter))
    #expect(form.focused === form.app.signIn.passwordField)
  }

  @Test("the login taken meanwhile: the form stays, the row is unmet, a message says why")
  func lostRace() {
    let form = SignUpHarness()
    form.fillValidForm(login: "bobby")
    form.store.add(login: "bobby", password: "Other1234")
    form.press(Key(.tab), Key(.enter))
    form.settle()
    #expect(form.app.outcome == nil)
    #expect(form.screen.lines.contains { $0.contains("The login was just taken. Choose another.") })
    #expect(form.screen.lines.contains { $0.contains("✗ This login is taken") })
    #expect(form.model.password == "Zq7vLm2pR")
    #expect(compareSnapshot(form.screen, named: "sign-up-lost-race") == .matches)
  }

  @Test("while the login is checked the row says so")
  func checking() {
    let form = SignUpHarness()
    form.type("bobby")
    #expect(form.screen.lines.contains { $0.contains("… Checking that the login is free") })
    form.wait(.milliseconds(250))
    form.settle()
    #expect(form.screen.lines.contains { $0.contains("✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶") })
  }
}

@Suite("Regressions: leaving while an account is created")
struct LeavingWhileCreatingTests {
  @Test("Esc while the account is being created: the truth is reported when it is")
  func escapeWhileCreating() {
    let form = SignUpHarness()
    form.fillValidForm(login: "bobby")
    form.press(Key(.tab), Key(.enter))
    #expect(form.model.isCreating)
    form.press(Key(.escape))
    #expect(form.app.outcome == nil, "not reported as cancelled while the account may be made")
    form.settle()
    guard case .signedUp(let account) = form.app.outcome else {
      Issue.record("\(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "bobby")
  }

  @Test("a second Ctrl-C while creating ends at once")
  func secondInterrupt() {
    let form = SignUpHarness()
    form.fillValidForm(login: "bobby")
    form.press(Key(.tab), Key(.enter))
    form.press(.control("c"))
    #expect(form.app.outcome == nil)
    form.press(.control("c"))
    #expect(form.app.outcome == .interrupted)
  }

  @Test("Ctrl-C while creating, and the creation fails: interrupted")
  func interruptWhileCreatingFails() {
    let form = SignUpHarness()
    form.fillValidForm(login: "bobby")
    form.store.add(login: "bobby", password: "x")
    form.press(Key(.tab), Key(.enter))
    form.press(.control("c"))
    form.settle()
    #expect(form.app.outcome == .interrupted)
  }
}
