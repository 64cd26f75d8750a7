import Policy
import Registration
import Testing

/// What a login may be, decided by the system's ICU: each rule, and one login that
/// breaks it (and nothing before it).
@Suite("Login rules")
struct LoginRulesTests {
  let policy = UnicodeLoginPolicy()

  @Test(
    "logins of any script that break no rule",
    arguments: [
      "alice", "Alice", "Жора", "日本語", "josé", "e\u{301}lodie", "user_1.name-x", "山田taro",
      "नमस्ते", "Αθηνά", "ａｌｉｃｅ", "ab", "x1y2",
    ])
  func accepted(login: String) {
    #expect(policy.validate(login) == nil)
  }

  @Test(
    "each rule refuses what it should, and says which",
    arguments: [
      ("jo sé", LoginProblem.space), ("ali\u{A0}ce", .space), ("alice ", .space),
      ("ali\tce", .controlCharacter), ("ali\u{1B}ce", .controlCharacter),
      ("ali\u{200B}ce", .invisibleCharacter), ("ali\u{200D}ce", .invisibleCharacter),
      ("ali\u{202E}ce", .invisibleCharacter), ("ali\u{AD}ce", .invisibleCharacter),
      ("ali\u{E000}ce", .unknownCharacter), ("ali\u{378}ce", .unknownCharacter),
      ("ali@ce", .notAllowed("@")), ("ali👍ce", .notAllowed("👍")), ("a+b", .notAllowed("+")),
      ("Ⅻabc", .notAllowed("Ⅻ")),
      (".alice", .startsWithPunctuation), ("_alice", .startsWithPunctuation),
      ("\u{301}alice", .startsWithPunctuation),
      ("alice-", .endsWithPunctuation), ("alice.", .endsWithPunctuation),
      ("ali..ce", .punctuationInARow), ("ali._ce", .punctuationInARow),
      ("ali.\u{301}ce", .notAllowed(".\u{301}")),
      ("Жoра", .mixedScripts), ("p\u{430}ypal", .mixedScripts), ("aΑ", .mixedScripts),
      ("ab\u{967}2", .mixedDigits),
      ("jos\u{E9}\u{301}", .repeatedMark),
      ("ale\u{300}\u{301}\u{302}\u{303}\u{304}\u{306}x", .tooManyMarks),
      (String(repeating: "a", count: 33), .tooLong(limit: 32)),
      (String(repeating: "Ж", count: 33), .tooLong(limit: 32)),
    ])
  func refused(login: String, problem: LoginProblem) {
    #expect(policy.validate(login) == problem)
  }

  @Test("32 characters are allowed, counted as a person counts them")
  func lengthLimit() {
    #expect(policy.validate(String(repeating: "a", count: 32)) == nil)
    // 32 characters, 64 code points: é typed decomposed is one character.
    #expect(policy.validate(String(repeating: "e\u{301}", count: 32)) == nil)
  }

  @Test(
    "Unix names: Debian's NAME_REGEX, at most 32",
    arguments: [
      ("alice", nil), ("al_ice-1", nil), ("a", nil), (String(repeating: "a", count: 32), nil),
      ("Alice", LoginProblem.unixFirstCharacter), ("1alice", .unixFirstCharacter),
      ("_alice", .unixFirstCharacter), ("-alice", .unixFirstCharacter),
      ("alIce", .unixCharacter("I")), ("ali.ce", .unixCharacter(".")),
      ("josé", .unixCharacter("é")), ("ali ce", .space), ("ali\tce", .controlCharacter),
      (String(repeating: "a", count: 33), .tooLong(limit: 32)),
    ])
  func unixNames(login: String, problem: LoginProblem?) {
    let policy = UnicodeLoginPolicy(unixNames: true)
    #expect(policy.rule == .unixNames)
    #expect(policy.validate(login) == problem)
  }

  @Test("the rule is what the row says: Unicode unless Unix names are asked for")
  func rule() {
    #expect(policy.rule == .unicode)
    #expect(UnicodeLoginPolicy(unixNames: true).rule == .unixNames)
  }
}
