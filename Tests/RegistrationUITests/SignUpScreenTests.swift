import Foundation
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

@Suite("Sign up screen")
struct SignUpScreenTests {
  @Test("the empty form, focus in Login")
  func emptyForm() {
    let form = SignUpHarness()
    #expect(compareSnapshot(form.screen, named: "sign-up-empty") == .matches)
  }

  @Test("login met: its row is struck, the others are not")
  func loginMet() {
    let form = SignUpHarness()
    form.type("alice")
    form.settle()
    #expect(compareSnapshot(form.screen, named: "sign-up-login-met") == .matches)
  }

  @Test("every requirement met, focus on Sign up")
  func allMet() {
    let form = SignUpHarness()
    form.fillValidForm()
    form.press(Key(.tab))
    #expect(compareSnapshot(form.screen, named: "sign-up-all-met") == .matches)
  }

  @Test("without UTF-8 or colours: met rows \"ok\" (never a ticked [x]), ASCII lines and mask")
  func asciiScreen() {
    let form = SignUpHarness(capabilities: ScreenCapabilities(colors: false, unicode: false))
    form.type("alice")
    form.press(Key(.tab))
    form.type("secret123")
    #expect(compareSnapshot(form.screen, named: "sign-up-ascii") == .matches)
  }

  @Test("each keystroke updates the rows in the next frame")
  func rowsFollowKeystrokes() {
    let form = SignUpHarness()
    let row = "At least 4 characters"
    form.type("ali")
    #expect(form.screen.lines.contains { $0.contains("✗ \(row)") })
    form.type("c")
    #expect(form.screen.lines.contains { $0.contains("✓ \(row.struckThrough)") })
    form.press(Key(.backspace))
    #expect(form.screen.lines.contains { $0.contains("✗ \(row)") })
  }

  @Test("editing the password re-checks the confirmation row")
  func passwordEditRechecksConfirmation() {
    let form = SignUpHarness()
    form.fillValidForm()
    let matches = "Matches the password"
    #expect(form.screen.lines.contains { $0.contains(matches.struckThrough) })
    form.press(Key(.up))
    form.press(Key(.backspace))
    #expect(form.screen.lines.contains { $0.contains("✗ \(matches)") })
  }

  @Test("the password is never drawn, only its mask")
  func passwordMasked() {
    let form = SignUpHarness()
    form.press(Key(.tab))
    form.type("Secret123")
    #expect(!form.screen.snapshot.contains("Secret"))
    #expect(form.screen.lines.contains { $0.contains("•••••••••") })
  }

  @Test("the cursor sits after the typed text, in the focused field's value row")
  func cursor() {
    let form = SignUpHarness()
    form.type("alice")
    #expect(form.screen.cursor == form.point(in: form.form.loginField, x: 5, y: 1))
    form.press(Key(.left), Key(.left))
    #expect(form.screen.cursor == form.point(in: form.form.loginField, x: 3, y: 1))
    form.press(Key(.tab))
    form.type("Жж中")
    #expect(form.screen.cursor == form.point(in: form.form.passwordField, x: 3, y: 1))
  }

  @Test("Tab and Down go forward, Shift-Tab and Up go back, both wrap")
  func focusOrder() {
    let form = SignUpHarness()
    let order: [View] = [
      form.form.loginField, form.form.passwordField, form.form.confirmationField,
      form.form.submitButton, form.form.signInLink,
    ]
    #expect(form.focused === order[0])
    for step in 1...order.count {
      form.press(Key(.tab))
      #expect(form.focused === order[step % order.count])
    }
    for step in 1...order.count {
      form.press(Key(.tab, .shift))
      #expect(form.focused === order[(order.count - step) % order.count])
    }
    form.press(Key(.down), Key(.down))
    #expect(form.focused === order[2])
    form.press(Key(.up), Key(.up), Key(.up))
    #expect(form.focused === order[4])
  }

  @Test("Enter in a field moves to the next one")
  func enterMovesOn() {
    let form = SignUpHarness()
    form.press(Key(.enter))
    #expect(form.focused === form.form.passwordField)
    form.press(Key(.enter))
    #expect(form.focused === form.form.confirmationField)
    form.press(Key(.enter))
    #expect(form.focused === form.form.submitButton)
  }

  @Test("typing in Login redraws Login and nothing of the password fields")
  func drawCounts() {
    let form = SignUpHarness()
    let views = form.form.root.subtree
    // The first character starts the availability check: its row shows "checking".
    form.type("a")
    let before = form.drawCounts
    let flushes = form.screen.flushCount
    form.type("l")
    let after = form.drawCounts
    let redrawn = views.indices.filter { after[$0] != before[$0] }.map { views[$0] }
    #expect(redrawn.count == 1 && redrawn[0] === form.form.loginField)
    #expect(form.screen.flushCount == flushes + 1)

    // Rows under Login redraw when their answers change; the password fields never do.
    form.type("ic")
    form.settle()
    for view in [form.form.passwordField, form.form.confirmationField] {
      let index = views.firstIndex { $0 === view }!
      #expect(view.drawCount == before[index])
    }
  }

  @Test("leaving Login redraws Login and Password: nothing of the fields after, no met row")
  func leaveDrawCounts() {
    let form = SignUpHarness()
    let views = form.form.root.subtree
    form.type("alice")
    form.settle()
    let before = form.drawCounts
    form.press(Key(.tab))
    let redrawn = views.indices.filter { form.drawCounts[$0] != before[$0] }
    // Login loses its focus line and Password takes it. Login's rows are all met: they show
    // no error whether the field shows errors or not.
    let expected = [form.form.loginField, form.form.passwordField].map { field in
      views.firstIndex { $0 === field }!
    }
    #expect(redrawn == expected, "\(redrawn.map { String(describing: type(of: views[$0])) })")
  }

  @Test("a row whose answer flips redraws alone: the other rows of its field do not")
  func rowDrawCounts() {
    let form = SignUpHarness()
    let views = form.form.root.subtree
    let rows = views.compactMap { $0 as? RequirementRow }
    // Three characters and a space: every Login row unmet (the store is not asked).
    form.type("a b")
    let before = views.map(\.drawCount)
    form.type("c")  // "At least 4 characters" is met now; the other rows stay unmet.
    let redrawn = views.indices.filter { views[$0].drawCount != before[$0] }.map { views[$0] }
    #expect(redrawn.count == 2, "\(redrawn)")
    #expect(redrawn.contains { $0 === form.form.loginField })
    #expect(redrawn.contains { $0 === rows[0] })
  }

  @Test("a batch of input is handled before one frame is drawn")
  func oneFlushPerBatch() {
    let form = SignUpHarness()
    let flushes = form.screen.flushCount
    form.send(.text("a"), .text("l"), .text("i"), .text("c"), .text("e"), .key(Key(.tab)))
    #expect(form.screen.flushCount == flushes + 1)
    #expect(form.model.login == "alice")
    #expect(form.focused === form.form.passwordField)
  }

  @Test("activating a disabled Sign up goes to the first field with an unmet requirement")
  func disabledSubmit() {
    let form = SignUpHarness()
    form.type("alice")
    form.settle()
    form.press(Key(.tab), Key(.tab), Key(.tab))
    #expect(form.focused === form.form.submitButton)
    form.press(Key(.enter))
    #expect(form.focused === form.form.passwordField)
    #expect(form.app.outcome == nil)
    // Errors now show: the unmet rows turn red.
    let row = form.screen.row(containing: "At least 8 characters")!
    let column = form.screen.line(row).firstIndex(of: "✗").map {
      form.screen.line(row).distance(from: form.screen.line(row).startIndex, to: $0)
    }!
    #expect(form.screen.cell(at: Point(x: column, y: row)).style.foreground == .red)
  }

  @Test("no red while typing the first time; red after leaving the field")
  func errorsAfterLeaving() {
    let form = SignUpHarness()
    form.type("al")
    let row = form.screen.row(containing: "At least 4 characters")!
    let x = form.form.loginField.frame.minX
    #expect(form.screen.cell(at: Point(x: x, y: row)).style.foreground == nil)
    form.press(Key(.tab))
    #expect(form.screen.cell(at: Point(x: x, y: row)).style.foreground == .red)
  }

  @Test("signing up creates the account and ends with it")
  func signUp() {
    let form = SignUpHarness()
    form.fillValidForm()
    form.press(Key(.tab), Key(.enter))
    #expect(form.screen.lines.contains { $0.contains("Creating the account…") })
    form.settle()
    guard case .signedUp(let account) = form.app.outcome else {
      Issue.record("no account: \(String(describing: form.app.outcome))")
      return
    }
    #expect(account.login == "alice")
    #expect(form.store.count == 1)
    #expect(form.application.exit == .stopped)
  }

  @Test("an account long on its way: the store is briefly away, said under the button")
  func slowStore() {
    let form = SignUpHarness()
    form.fillValidForm()
    form.press(Key(.tab), Key(.enter))
    form.wait(RegistrationViewModel.slowStoreDelay)
    #expect(form.screen.lines.contains { $0.contains("The store is briefly away; still trying…") })
    #expect(!form.screen.lines.contains { $0.contains("Creating the account…") })
    form.settle()
    guard case .signedUp = form.app.outcome else {
      Issue.record("no account: \(String(describing: form.app.outcome))")
      return
    }
  }

  @Test("Esc cancels and Ctrl-C interrupts")
  func leaving() {
    let cancelled = SignUpHarness()
    cancelled.type("alice")
    cancelled.press(Key(.escape))
    #expect(cancelled.app.outcome == .cancelled)

    let interrupted = SignUpHarness()
    interrupted.press(.control("c"))
    #expect(interrupted.app.outcome == .interrupted)
  }

  @Test(
    "control keys that mean nothing to a field are ignored", arguments: ["g", "x", "o", "t", "v"])
  func ignoredControlKeys(letter: Character) {
    let form = SignUpHarness()
    form.type("ali")
    let before = form.screen.snapshot
    form.press(.control(letter))
    #expect(form.model.login == "ali")
    #expect(form.screen.snapshot == before)
    #expect(form.app.outcome == nil)
  }

  @Test("a click in a field focuses it and places the cursor")
  func click() {
    let form = SignUpHarness()
    form.type("alice")
    let password = form.form.passwordField
    form.send(.mouse(MouseEvent(.left, .press, at: form.point(in: password, y: 1))))
    #expect(form.focused === password)
    let login = form.form.loginField
    form.send(.mouse(MouseEvent(.left, .press, at: form.point(in: login, x: 2, y: 1))))
    #expect(form.focused === login)
    #expect(login.editor.cursor == 2)
  }

  @Test("a terminal too small shows a notice; growing back restores the form")
  func tinyTerminal() {
    let form = SignUpHarness()
    form.type("alice")
    form.resize(to: Size(width: 19, height: 5))
    #expect(form.screen.lines.joined().contains("Terminal too small"))
    form.resize(to: Size(width: 1, height: 1))
    form.type("x")
    form.resize(to: Size(width: 80, height: 24))
    #expect(form.screen.lines.contains { $0.contains("alicex") })
    #expect(form.screen.lines.contains { $0.contains("Create account") })
  }

  @Test("a short terminal scrolls to keep the focused field and its rows in view")
  func scrolling() {
    let form = SignUpHarness(size: Size(width: 60, height: 12))
    form.press(Key(.tab), Key(.tab))
    #expect(form.screen.lines.contains { $0.contains("Matches the password") })
    let cursor = form.screen.cursor
    #expect(cursor != nil && cursor!.y < 12)
    form.press(Key(.tab))
    #expect(form.screen.lines.contains { $0.contains("[ Create account ]") })
  }
}
