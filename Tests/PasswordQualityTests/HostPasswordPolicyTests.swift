import Foundation
import PasswordQuality
import Registration
import Testing

/// The real libpwquality and cracklib dictionary of this host, with policy files written
/// for each test.
@Suite("The host's password policy")
final class HostPasswordPolicyTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-policy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  // Each test gets its own instance: its policy files go with it.
  deinit { try? FileManager.default.removeItem(at: directory) }

  /// A policy read from a file holding `settings`.
  func policy(_ settings: String) throws -> HostPasswordPolicy {
    let file = directory.appendingPathComponent("pwquality.conf")
    try (settings + "\n").write(to: file, atomically: true, encoding: .utf8)
    return try HostPasswordPolicy(configuration: file.path)
  }

  @Test(
    "the weak passwords people pick are refused, each with a reason",
    arguments: [
      ("Password1", PasswordRefusal.dictionaryWord), ("Secret123", .dictionaryWord),
      ("qwertyuiop", .dictionaryWord), ("alice2026", .containsLogin),
    ])
  func weak(password: String, reason: PasswordRefusal) throws {
    let policy = try HostPasswordPolicy(configuration: nil)
    #expect(policy.check(password: password, login: "alice") == .refused(reason))
  }

  @Test("the password the examples type is accepted")
  func strong() throws {
    let policy = try HostPasswordPolicy(configuration: nil)
    #expect(policy.check(password: "Zq7vLm2pR", login: "alice") == .accepted)
  }

  @Test(
    "every reason the library gives, in our words",
    arguments: [
      ("", "Ab1Ab1Ab1", PasswordRefusal.tooFewDifferentCharacters),
      ("", "Abc1221cba", .palindrome),
      ("", "abcdefgh12", .tooSimple),
      ("", "xy482916z", .looksLikeIDNumber),
      ("", "Zq7", .tooShort),
      ("", "ECILA7q2Zx", .containsLogin),
      ("maxsequence = 3", "Xq7abcdLm", .sequence),
      ("maxrepeat = 2", "Zq7vvvLm2pR", .repeatedCharacter),
      ("maxclassrepeat = 3", "Zq7vwxyR2", .tooManyOfOneKind),
      ("badwords = zebra", "Zebra7Qx!", .forbiddenWord),
      ("dcredit = -1", "Zqxv!LmpR", .needsDigits),
      ("ucredit = -2", "Zq7vlm2pr", .needsUppercase),
      ("lcredit = -1", "ZQ7VLM2PR", .needsLowercase),
      ("ocredit = -1", "Zq7vLm2pR", .needsSymbols),
      ("minclass = 4", "Zq7vLm2pR", .needsMoreKinds),
      ("dictpath = /nonexistent/dictionary", "Zq7vLm2pR", .cannotCheck),
    ])
  func reasons(settings: String, password: String, reason: PasswordRefusal) throws {
    #expect(try policy(settings).check(password: password, login: "alice") == .refused(reason))
  }

  @Test("a part of the login (usersubstr) is too similar to it")
  func partOfLogin() throws {
    let policy = try policy("usersubstr = 4")
    #expect(policy.check(password: "Zq7wond3R", login: "alicewonder") == .refused(.similarToLogin))
    #expect(policy.check(password: "Zq7vLm2pR", login: "alicewonder") == .accepted)
  }

  @Test("a password the host's pwscore accepts is accepted, and only those")
  func agreesWithPwscore() throws {
    let policy = try HostPasswordPolicy(configuration: nil)
    for password in [
      "Zq7vLm2pR", "Password1", "Secret123", "qwertyuiop", "alice2026", "correct horse battery",
      "Tr0ub4dor&3", "abcdefgh12", "Ab1Ab1Ab1", "zaq12wsx", "Жираф-Кит-42", "letmein!",
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/pwscore")
      process.arguments = ["alice"]
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      input.fileHandleForWriting.write(Data((password + "\n").utf8))
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      let accepted = policy.check(password: password, login: "alice") == .accepted
      #expect(accepted == (process.terminationStatus == 0), "\(password)")
    }
  }

  @Test("a policy file's settings become the form's rules")
  func rules() throws {
    #expect(try HostPasswordPolicy(configuration: nil).rules == PasswordRules(minimumLength: 8))
    let strict = try policy(
      "minlen = 12\nucredit = -2\nlcredit = -1\ndcredit = -3\nocredit = -1\nminclass = 3")
    #expect(
      strict.rules
        == PasswordRules(
          minimumLength: 12, minimumUppercase: 2, minimumLowercase: 1, minimumDigits: 3,
          minimumSymbols: 1, minimumKinds: 3))
    // Positive credits lower the length a password needs: they ask for nothing.
    #expect(try policy("dcredit = 2").rules == PasswordRules(minimumLength: 8))
    #expect(
      try policy("minlen = 12").check(password: "Zq7vLm2pR", login: "") == .refused(.tooShort))
  }

  @Test("a file that cannot be used is an error that says why")
  func errors() throws {
    #expect(throws: PasswordPolicyError.unreadable) {
      try HostPasswordPolicy(configuration: directory.appendingPathComponent("none").path)
    }
    #expect(throws: PasswordPolicyError.unknownSetting("frobnicate")) {
      try policy("frobnicate = 3")
    }
    #expect(throws: PasswordPolicyError.badValue("minlen")) { try policy("minlen = twelve") }
    #expect(throws: PasswordPolicyError.malformed) {
      try policy("# " + String(repeating: "x", count: 2000))
    }
  }

  @Test("checks from several threads at once take turns and agree with one at a time")
  func threads() async throws {
    let policy = try HostPasswordPolicy(configuration: nil)
    let passwords = ["Zq7vLm2pR", "Password1", "alice2026", "Ab1Ab1Ab1", "abcdefgh12"]
    let alone = passwords.map { policy.check(password: $0, login: "alice") }
    try await withThrowingTaskGroup(of: [PasswordVerdict].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var verdicts: [PasswordVerdict] = []
          for _ in 0..<5 {
            verdicts = passwords.map { policy.check(password: $0, login: "alice") }
          }
          return verdicts
        }
      }
      for try await verdicts in group { #expect(verdicts == alone) }
    }
  }

  @Test("the checker is a process of its own that ends with the policy")
  func checkerProcess() throws {
    var policy: HostPasswordPolicy? = try HostPasswordPolicy(configuration: nil)
    let process = policy!.checkerProcess
    let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
    #expect(status.contains("Name:\tregister-policy"))
    #expect(status.contains("PPid:\t\(getpid())"))
    #expect(policy!.check(password: "Zq7vLm2pR", login: "alice") == .accepted)
    policy = nil
    #expect(!FileManager.default.fileExists(atPath: "/proc/\(process)"), "ended and reaped")
  }

  @Test("a checker that is gone refuses, to be safe, and is not asked again")
  func checkerGone() throws {
    let policy = try HostPasswordPolicy(configuration: nil)
    kill(policy.checkerProcess, SIGKILL)
    #expect(policy.check(password: "Zq7vLm2pR", login: "alice") == .refused(.cannotCheck))
    #expect(policy.check(password: "Zq7vLm2pR", login: "alice") == .refused(.cannotCheck))
  }

  @Test("every code of the library has words, old-password ones included")
  func codes() {
    let cases: [(Int32, PasswordRefusal)] = [
      (-9, .similarToOld), (-10, .needsDigits), (-11, .needsUppercase), (-12, .needsLowercase),
      (-13, .needsSymbols), (-14, .tooShort), (-15, .palindrome), (-16, .caseChangesOnly),
      (-17, .rotatedOld), (-18, .needsMoreKinds), (-19, .repeatedCharacter), (-20, .tooShort),
      (-21, .sameAsOld), (-26, .basedOnUserName), (-27, .tooManyOfOneKind),
      (-28, .forbiddenWord), (-29, .sequence), (-8, .cannotCheck), (-1, .cannotCheck),
    ]
    for (code, reason) in cases {
      #expect(PwqualityAnswer.refusal(code: code, password: "x", login: "") == reason, "\(code)")
    }
    #expect(
      PwqualityAnswer.refusal(code: -25, password: "xALICEx", login: "alice") == .containsLogin)
    #expect(
      PwqualityAnswer.refusal(code: -25, password: "alicfbob", login: "alice") == .similarToLogin)
    let reasons = Set(PwqualityAnswer.cracklibMessages.map(\.1))
    #expect(reasons.isSuperset(of: [.basedOnUserName, .dictionaryWord, .cannotCheck]))
  }
}
