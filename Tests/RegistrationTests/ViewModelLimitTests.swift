import Registration
import TestSupport
import Testing

/// Defence in depth: whatever front end sets them, the view models refuse a login over 64
/// characters (or 512 bytes) and a password over 511 bytes, keep what they had, and say which field.
@Suite("View model maximum lengths")
struct ViewModelLimitTests {
  static let longestLogin = String(repeating: "ж", count: 64)
  /// 511 bytes: 255 Cyrillic letters of two bytes each, and a digit.
  static let longestPassword = "Ж" + String(repeating: "ж", count: 254) + "1"

  @Test("the limits: 64 characters and 512 bytes for a login, 511 bytes for a password")
  func limits() {
    #expect(FieldLimit.login.allows(Self.longestLogin))
    #expect(!FieldLimit.login.allows(Self.longestLogin + "a"))
    #expect(FieldLimit.login.allows(String(repeating: "👍🏽", count: 64)), "graphemes, not bytes")
    #expect(FieldLimit.password.allows(Self.longestPassword))
    #expect(!FieldLimit.password.allows(Self.longestPassword + "a"))
    #expect(!FieldLimit.password.allows(String(repeating: "👍🏽", count: 64 + 1)))
    #expect(FieldLimit.login.message(.english) == "At most 64 characters")
    #expect(FieldLimit.password.message(.english) == "At most 511 bytes")
    #expect(FieldLimit.login.message(.russian) == "Не больше 64 символов")
    #expect(FieldLimit.password.message(.russian) == "Не больше 511 байт")
    #expect(FieldLimit(characters: 21, bytes: 84).message(.russian) == "Не больше 21 символа")
    // One grapheme can carry any number of combining marks: the login's bytes count too.
    let marked = String(repeating: "a" + String(repeating: "\u{301}", count: 20), count: 30)
    #expect(marked.count == 30)
    #expect(!FieldLimit.login.allows(marked))
    #expect(FieldLimit.login.message(.english, refusing: marked) == "At most 512 bytes")
    #expect(
      FieldLimit.login.message(.english, refusing: Self.longestLogin + "a")
        == "At most 64 characters")
  }

  @Test(
    "sign up: a value over the limit is refused, the last one kept",
    arguments: RegistrationField.allCases)
  func signUpRefuses(field: RegistrationField) {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    let fitting = field == .login ? Self.longestLogin : Self.longestPassword
    let value: ReferenceWritableKeyPath<RegistrationViewModel, String> =
      switch field {
      case .login: \.login
      case .password: \.password
      case .confirmation: \.confirmation
      }
    model[keyPath: value] = fitting
    #expect(model.refusedField == nil)
    model[keyPath: value] = fitting + "a"
    #expect(model[keyPath: value] == fitting)
    #expect(model.refusedField == field)
    model[keyPath: value] = "short"
    #expect(model[keyPath: value] == "short")
    #expect(model.refusedField == nil)
  }

  @Test("a refused password does not count as typed: the rows answer for the one kept")
  func rowsFollowTheKeptValue() {
    let model = RegistrationViewModel(
      store: InMemoryAccountStore(), scheduler: ManualScheduler(), policy: FakeLoginPolicy())
    model.password = "Secret123"
    model.confirmation = "Secret123"
    model.password = String(repeating: "A", count: 513)
    #expect(model.password == "Secret123")
    let matches = model.requirements.first { $0.id == "confirmation.matches" }
    #expect(matches?.isMet == true)
  }

  @Test("sign in: the same limits")
  func signInRefuses() {
    let model = SignInViewModel(store: InMemoryAccountStore(), scheduler: ManualScheduler())
    model.login = Self.longestLogin + "a"
    #expect(model.login == "")
    #expect(model.refusedField == .login)
    model.login = "alice"
    #expect(model.refusedField == nil)
    // A few graphemes carrying a paste of combining marks: over 512 bytes, refused.
    model.login = "a" + String(repeating: "\u{301}", count: 300)
    #expect(model.login == "alice")
    #expect(model.refusedField == .login)
    model.login = "alice"
    model.password = Self.longestPassword + "a"
    #expect(model.password == "")
    #expect(model.refusedField == .password)
    model.password = Self.longestPassword
    #expect(model.password == Self.longestPassword)
    #expect(model.refusedField == nil)
  }
}
