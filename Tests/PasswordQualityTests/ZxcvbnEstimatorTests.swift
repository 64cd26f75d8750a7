import PasswordQuality
import Registration
import Testing

@Suite("Strength from zxcvbn")
struct ZxcvbnEstimatorTests {
  let estimator = ZxcvbnEstimator()

  @Test(
    "weak passwords are weak, a random one is strong",
    arguments: [
      ("Password1", PasswordStrength.veryWeak), ("alice2026", .veryWeak), ("Secret123", .weak),
      ("qwertyuiop", .weak), ("Zq7vLm2pR", .strong), ("correct horse battery staple", .strong),
    ])
  func levels(password: String, strength: PasswordStrength) {
    #expect(estimator.strength(of: password, login: "alice") == strength)
  }

  @Test("the login counts as a known word")
  func login() {
    #expect(
      estimator.bits(of: "zorgblat77", login: "zorgblat")
        < estimator.bits(of: "zorgblat77", login: "alice"))
  }

  @Test("the meter's words for a weak and a strong password, in English and Russian")
  func words() {
    let weak = estimator.strength(of: "Password1", login: "alice")
    let strong = estimator.strength(of: "Zq7vLm2pR", login: "alice")
    #expect(Strings.english.strength(weak) == "very weak")
    #expect(Strings.english.strength(strong) == "strong")
    #expect(Strings.russian.strength(weak) == "очень низкая")
    #expect(Strings.russian.strength(strong) == "высокая")
  }

  @Test("steps at 10^3, 10^6, 10^8 and 10^10 guesses")
  func steps() {
    #expect(ZxcvbnEstimator.strength(bits: 9.9) == .veryWeak)
    #expect(ZxcvbnEstimator.strength(bits: 10) == .weak)
    #expect(ZxcvbnEstimator.strength(bits: 20) == .fair)
    #expect(ZxcvbnEstimator.strength(bits: 27) == .good)
    #expect(ZxcvbnEstimator.strength(bits: 33.3) == .strong)
  }

  @Test("only the first 64 characters are estimated, so repetition stays cheap")
  func limit() {
    let repeated = String(repeating: "a", count: 64)
    #expect(
      estimator.bits(of: repeated + String(repeating: "a", count: 400), login: "")
        == estimator.bits(of: repeated, login: ""))
    #expect(estimator.strength(of: repeated + "Zq7vLm2pR", login: "") == .veryWeak)
  }
}
