import Registration
import TestSupport
import Testing

@Suite("Requirements")
struct RequirementTests {
  func met(
    _ requirement: Requirement, login: String = "", password: String = "", confirmation: String = ""
  )
    -> Bool
  {
    requirement.isMet(
      by: RegistrationInput(login: login, password: password, confirmation: confirmation)) == true
  }

  @Test(
    "login length counts graphemes",
    arguments: [
      ("abc", false), ("abcd", true), ("жжжж", true), ("👍🏽👍🏽👍🏽", false), ("👍🏽👍🏽👍🏽👍🏽", true),
      ("e\u{301}e\u{301}e\u{301}", false), ("e\u{301}e\u{301}e\u{301}e\u{301}", true), ("", false),
    ])
  func loginLength(login: String, expected: Bool) {
    #expect(met(.loginLength(), login: login) == expected)
  }

  @Test(
    "password length counts graphemes",
    arguments: [
      ("Secret1", false), ("Secret12", true), ("👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽", false), ("👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽", true),
    ])
  func passwordLength(password: String, expected: Bool) {
    #expect(met(.passwordLength(), password: password) == expected)
  }

  @Test(
    "an uppercase letter of any script counts",
    arguments: [
      ("secret123", false), ("Secret123", true), ("Жжжжжжжж", true), ("жжжжжжжж", false),
      ("École", true), ("école", false), ("12345678", false), ("ΣΙΓΜΑ", true), ("中文字符", false),
    ])
  func uppercase(password: String, expected: Bool) {
    #expect(met(.passwordUppercase(), password: password) == expected)
  }

  @Test("confirmation must be non-empty and equal")
  func confirmation() {
    #expect(!met(.confirmationMatches(), password: "", confirmation: ""))
    #expect(!met(.confirmationMatches(), password: "Secret123", confirmation: "Secret12"))
    #expect(!met(.confirmationMatches(), password: "Secret123", confirmation: "secret123"))
    #expect(met(.confirmationMatches(), password: "Secret123", confirmation: "Secret123"))
    #expect(met(.confirmationMatches(), password: "Жжжжжжжж", confirmation: "Жжжжжжжж"))
  }

  @Test("sign-up rules come in display order, each under its field")
  func order() {
    let rules = Requirement.signUp(policy: FakeLoginPolicy())
    #expect(
      rules.map(\.id) == [
        "login.length", "login.characters", "login.free", "password.length",
        "password.uppercase", "confirmation.matches",
      ])
    #expect(
      rules.map(\.field) == [.login, .login, .login, .password, .password, .confirmation])
    #expect(
      rules.map(\.text) == [
        "At least 4 characters", "Letters, digits and . _ -", "Login is free",
        "At least 8 characters", "One uppercase letter", "Matches the password",
      ])
    #expect(Requirement.loginIsFree().isMet(by: RegistrationInput(login: "alice")) == nil)
  }
}
