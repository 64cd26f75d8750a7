import SiteFile
import Testing

/// The site file read from text: what it sets, and every way a line is refused, at its line.
@Suite("Site file parsing")
struct SiteFileParsingTests {
  static let keys = [
    SiteKey("db", .text), SiteKey("unix-names", .yesNo),
    SiteKey("max-per-address", .number(0...1000)), SiteKey("lang", .word(["en", "ru"])),
    SiteKey("contact", .contact), SiteKey("on-create", .text),
  ]

  static func parse(_ text: String) throws(SiteFileError) -> SiteFile {
    try SiteFile(parsing: Array(text.utf8), keys: keys)
  }

  /// The error `text` is refused with.
  static func refusal(_ text: String) -> SiteFileError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("key = value lines, comments and blank lines; values as written, blanks trimmed")
  func settings() throws {
    let site = try Self.parse(
      """
      # The door of example.org
        db = /var/lib/register/accounts.sqlite

      unix-names=yes
      \tmax-per-address   =  3\t
      on-create = sudo -n /usr/local/lib/register/register-useradd "a b" # not a comment
      contact = https://example.org/#join
      """)
    #expect(
      site.settings.map { [$0.key, $0.value, "\($0.line)"] } == [
        ["db", "/var/lib/register/accounts.sqlite", "2"],
        ["unix-names", "yes", "4"],
        ["max-per-address", "3", "5"],
        [
          "on-create", "sudo -n /usr/local/lib/register/register-useradd \"a b\" # not a comment",
          "6",
        ],
        ["contact", "https://example.org/#join", "7"],
      ])
    #expect(site.questions.isEmpty)
    #expect(try Self.parse("") == SiteFile())
    #expect(try Self.parse("# nothing\n\n") == SiteFile())
  }

  @Test(
    "every line that is wrong is refused with its line and the reason",
    arguments: [
      ("db = /a\nnonsense\n", 2, SiteFileError.Reason.notKeyValue),
      ("= x", 1, .notKeyValue),
      ("two words = x", 1, .notKeyValue),
      ("colour = red", 1, .unknownKey("colour")),
      ("DB = /a", 1, .unknownKey("DB")),
      ("sign-in = yes", 1, .unknownKey("sign-in")),
      ("db =", 1, .emptyValue("db")),
      ("db = /a\n# c\ndb = /b", 3, .duplicateKey("db", firstLine: 1)),
      ("unix-names = true", 1, .badValue("unix-names", expected: "yes or no")),
      (
        "max-per-address = -1", 1,
        .badValue("max-per-address", expected: "a whole number from 0 to 1000")
      ),
      (
        "max-per-address = 1001", 1,
        .badValue("max-per-address", expected: "a whole number from 0 to 1000")
      ),
      (
        "max-per-address = 99999999999999999999", 1,
        .badValue("max-per-address", expected: "a whole number from 0 to 1000")
      ),
      ("lang = de", 1, .badValue("lang", expected: "en or ru")),
      (
        "contact = call us", 1,
        .badValue("contact", expected: "an e-mail address or an http(s):// or mailto: URL")
      ),
      (
        "contact = @example.org", 1,
        .badValue("contact", expected: "an e-mail address or an http(s):// or mailto: URL")
      ),
      ("db = /a\u{1B}[2J", 1, .controlCharacter),
      ("db = /a\r\n", 1, .controlCharacter),
      ("db = /a\u{0}b", 1, .controlCharacter),
      ("db = /a\u{85}", 1, .controlCharacter),
      ("[questions x]", 1, .badSection),
      ("[question]", 1, .badSection),
      ("[question a b]", 1, .badSection),
    ])
  func refused(text: String, line: Int, reason: SiteFileError.Reason) {
    #expect(Self.refusal(text) == SiteFileError(line: line, reason))
  }

  @Test(
    "the keys to come are refused by name, never taken silently",
    arguments: SiteKey.coming)
  func coming(key: String) {
    #expect(Self.refusal("\(key) = yes") == SiteFileError(line: 1, .notSupported(key)))
    #expect(
      Self.refusal("\(key) = yes").map { $0.message(file: "/etc/register/register.conf") }
        == "/etc/register/register.conf:1: \(key) is not supported by this version")
  }

  @Test("bytes that are not UTF-8 and a file over the cap are refused")
  func bytes() {
    #expect(
      throws: SiteFileError(line: 2, .notUTF8),
      performing: {
        try SiteFile(parsing: Array("db = /a\n".utf8) + [0x64, 0xFF], keys: Self.keys)
      }
    )
    let large = [UInt8](repeating: UInt8(ascii: "#"), count: SiteFile.largestFile + 1)
    #expect(
      throws: SiteFileError(.tooLarge(limit: SiteFile.largestFile)),
      performing: { try SiteFile(parsing: large, keys: Self.keys) })
    let largest = [UInt8](repeating: UInt8(ascii: "#"), count: SiteFile.largestFile)
    #expect(throws: Never.self) { try SiteFile(parsing: largest, keys: Self.keys) }
  }

  @Test("the message: FILE:LINE: reason, or FILE: reason for the whole file")
  func message() {
    #expect(
      SiteFileError(line: 4, .unknownKey("colour")).message(file: "/etc/register/register.conf")
        == "/etc/register/register.conf:4: colour is not a key of register.conf(5)")
    #expect(
      SiteFileError(.symbolicLink).message(file: "site.conf")
        == "site.conf: is a symbolic link: give the real path")
  }
}
