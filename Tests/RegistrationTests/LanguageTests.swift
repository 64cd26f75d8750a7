import Registration
import Testing

@Suite("Language")
struct LanguageTests {
  @Test(
    "--lang decides; an unknown value is nil",
    arguments: [
      ("en", Language.english), ("ru", .russian), ("RU", .russian),
    ])
  func flag(value: String, expected: Language) {
    #expect(Language.preferred(flag: value, environment: ["LANG": "ru_RU.UTF-8"]) == expected)
  }

  @Test("an unknown --lang value")
  func unknownFlag() {
    #expect(Language.preferred(flag: "de", environment: [:]) == nil)
  }

  @Test(
    "otherwise LC_ALL, then LC_MESSAGES, then LANG",
    arguments: [
      ([:], Language.english),
      (["LANG": "ru_RU.UTF-8"], .russian),
      (["LANG": "en_US.UTF-8"], .english),
      (["LC_MESSAGES": "ru_RU", "LANG": "en_US.UTF-8"], .russian),
      (["LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "ru_RU", "LANG": "ru_RU"], .english),
      (["LC_ALL": "ru_UA.UTF-8", "LANG": "en_US"], .russian),
      (["LC_ALL": "", "LANG": "ru_RU.KOI8-R"], .russian),
      (["LANG": "C.UTF-8"], .english),
    ])
  func locale(environment: [String: String], expected: Language) {
    #expect(Language.preferred(flag: nil, environment: environment) == expected)
  }
}

@Suite("Password texts")
struct PasswordTextTests {
  @Test("every refusal has its own words in each language; every row fits the form")
  func refusals() {
    for strings in [Strings.english, .russian] {
      let texts = PasswordRefusal.allCases.map(strings.passwordRefusal)
      #expect(Set(texts).count == texts.count)
      #expect(texts.allSatisfy { !$0.isEmpty })
      // A row is an icon, a space and its text, under a field 45 columns wide.
      let counted = (1...9).flatMap { count in
        [
          strings.passwordLengthAtLeast, strings.passwordUppercaseLatin,
          strings.passwordLowercaseLatin, strings.passwordDigits, strings.passwordSymbols,
          strings.passwordKinds,
        ].map { $0(count) }
      }
      for row in texts + counted + [strings.passwordHardToGuess, strings.checkingPassword] {
        #expect(row.count <= 43, "\(row)")
      }
      let words = PasswordStrength.allCases.map(strings.strength)
      #expect(Set(words).count == words.count)
    }
  }
}
