import Registration
import Testing

@testable import register

/// `--help` in every language lists exactly the flags the parser takes, each with a
/// placeholder when it takes a value.
@Suite("Help")
struct HelpTests {
  static let languages: [(String, Strings)] = [("en", .english), ("ru", .russian)]

  @Test("English --help lists every flag, as Options.flags writes it, and no other")
  func english() {
    let listed = Set(ListedFlag.inHelp(Strings.english.help))
    let expected = Set(
      Options.flags.map { flag in
        ListedFlag(names: Set([flag.name] + (flag.alias.map { [$0] } ?? [])), value: flag.value)
      })
    #expect(
      listed.subtracting(expected).isEmpty,
      "in --help, not in Options.flags: \(listed.subtracting(expected))")
    #expect(
      expected.subtracting(listed).isEmpty,
      "in Options.flags, not in --help: \(expected.subtracting(listed))")
  }

  @Test("Russian --help lists every flag too, with a placeholder where it takes a value")
  func russian() {
    let listed = ListedFlag.inHelp(Strings.russian.help)
    for flag in Options.flags {
      guard let entry = listed.first(where: { $0.names.contains(flag.name) }) else {
        Issue.record("\(flag.name) is not in the Russian --help")
        continue
      }
      #expect(entry.names == Set([flag.name] + (flag.alias.map { [$0] } ?? [])))
      #expect((entry.value != nil) == (flag.value != nil), "\(flag.name)'s value")
      // Words to type stay as they are (en|ru); placeholders are translated (ПУТЬ).
      if flag.value?.first?.isLowercase == true { #expect(entry.value == flag.value) }
    }
    let names = Set(Options.flags.map(\.name))
    let unknown = listed.filter { $0.names.isDisjoint(with: names) }
    #expect(unknown.isEmpty, "in the Russian --help, not in Options.flags: \(unknown)")
  }

  @Test("--help fits an 80-column terminal in every language", arguments: ["en", "ru"])
  func fits(language: String) {
    for line in (language == "ru" ? Strings.russian : Strings.english).help.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }
}
