import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// Login 64 characters, passwords 511 bytes: typing and pasting stop there on both
/// screens, and the field says why until the next edit that fits.
@Suite("Field maximum lengths on the screens")
struct FieldLimitScreenTests {
  static let atMostCharacters = "At most 64 characters"
  static let atMostBytes = "At most 511 bytes"

  /// The field's label row on the screen.
  static func labelRow(_ form: SignUpHarness, _ field: View) -> String {
    guard let frame = form.application.screenFrame(of: field) else { return "" }
    return form.screen.line(frame.minY)
  }

  @Test("typing a 65th character into Login is refused, and the form says why")
  func loginTyping() {
    let form = SignUpHarness()
    form.type(String(repeating: "a", count: 64))
    #expect(!Self.labelRow(form, form.form.loginField).contains(Self.atMostCharacters))
    form.type("bc")
    #expect(form.model.login == String(repeating: "a", count: 64))
    #expect(form.model.refusedField == nil, "the field stopped it before the model had to")
    #expect(compareSnapshot(form.screen, named: "sign-up-login-at-most") == .matches)
    form.press(Key(.backspace))
    #expect(form.model.login.count == 63)
    #expect(!Self.labelRow(form, form.form.loginField).contains(Self.atMostCharacters))
  }

  @Test("a paste into Login is cut at 64 characters (graphemes), with the notice")
  func loginPaste() {
    let form = SignUpHarness()
    form.send(.paste(String(repeating: "👍🏽", count: 100)))
    #expect(form.model.login == String(repeating: "👍🏽", count: 64))
    #expect(Self.labelRow(form, form.form.loginField).contains(Self.atMostCharacters))
  }

  @Test("a megabyte pasted into Login: 64 characters taken")
  func loginHugePaste() {
    let form = SignUpHarness()
    form.send(.paste(String(repeating: "0123456789abcdeF", count: 65_536)))
    #expect(form.model.login.count == 64)
    #expect(form.form.loginField.editor.characters.count == 64)
  }

  @Test("a paste of letters carrying combining marks: over 512 bytes, Login keeps its value")
  func loginMarks() {
    let form = SignUpHarness()
    form.type("bob")
    // 20 characters (within 64), each with 30 marks (the most a field takes in a row,
    // StreamSafeFieldTests): 1,220 bytes.
    form.send(.paste(String(repeating: "a" + String(repeating: "\u{301}", count: 30), count: 20)))
    #expect(form.model.login == "bob")
    #expect(form.model.refusedField == .login)
    // The field shows what the model kept, not the refused paste.
    #expect(form.form.loginField.editor.text == "bob")
    form.type("by")
    #expect(form.model.login == "bobby")
    #expect(form.model.refusedField == nil)
  }

  @Test("Password and its confirmation stop at 511 bytes, typed or pasted")
  func passwords() {
    let form = SignUpHarness()
    form.press(Key(.tab))
    // 255 two-byte letters are 510 bytes; one more would be 512.
    form.send(.paste("Ж" + String(repeating: "ж", count: 300)))
    #expect(form.model.password.utf8.count == 510)
    #expect(form.model.password.count == 255)
    #expect(compareSnapshot(form.screen, named: "sign-up-password-at-most") == .matches)
    form.press(Key(.tab))
    form.type(String(repeating: "x", count: 511))
    #expect(!Self.labelRow(form, form.form.confirmationField).contains(Self.atMostBytes))
    form.type("y")
    #expect(form.model.confirmation == String(repeating: "x", count: 511))
    #expect(Self.labelRow(form, form.form.confirmationField).contains(Self.atMostBytes))
    #expect(!form.screen.snapshot.contains("xxxx"), "the notice shows, never the password")
  }

  @Test("Sign in: the same limits and notices")
  func signIn() {
    let form = SignUpHarness(start: .signIn)
    let screen = form.app.signIn
    form.send(.paste(String(repeating: "b", count: 70)))
    #expect(form.signInModel.login.count == 64)
    #expect(Self.labelRow(form, screen.loginField).contains(Self.atMostCharacters))
    form.press(Key(.tab))
    form.send(.paste(String(repeating: "p", count: 600)))
    #expect(form.signInModel.password.utf8.count == 511)
    #expect(Self.labelRow(form, screen.passwordField).contains(Self.atMostBytes))
  }

  @Test("in Russian")
  func russian() {
    let form = SignUpHarness(strings: .russian)
    form.send(.paste(String(repeating: "ж", count: 65)))
    #expect(Self.labelRow(form, form.form.loginField).contains("Не больше 64 символов"))
    form.press(Key(.tab))
    form.send(.paste(String(repeating: "ж", count: 256)))
    #expect(Self.labelRow(form, form.form.passwordField).contains("Не больше 511 байт"))
  }
}
