import Foundation
import Registration
import Testing

@testable import register

/// The manual page (packaging/register.1) against the flag list and `--help`, and groff's
/// own check of it.
@Suite("Manual page")
struct ManualPageTests {
  static let source = packageRoot.appendingPathComponent("packaging/register.1").path

  /// The page as `man` shows it, on a line wide enough not to wrap a tag.
  static func rendered() throws -> String {
    let result = try run("/usr/bin/groff", ["-mdoc", "-Tutf8", "-P-cbou", "-rLL=200n", source])
    #expect(result.status == 0)
    return result.output
  }

  @Test("groff -mdoc -ww finds nothing to warn about")
  func groffIsQuiet() throws {
    let result = try run("/usr/bin/groff", ["-mdoc", "-Tutf8", "-ww", "-z", Self.source])
    #expect(result.status == 0)
    #expect(result.errors == "")
    let ascii = try Data(contentsOf: URL(fileURLWithPath: Self.source)).allSatisfy { $0 < 0x80 }
    #expect(ascii, "groff 1.22 reads ASCII: write other characters as \\['e] and the like")
  }

  @Test("OPTIONS holds every flag of Options.flags, with its value, and no other")
  func options() throws {
    let listed = Set(ListedFlag.inManualPage(try Self.rendered()))
    // The page writes placeholders in lower case (`path`), words as they are (`en|ru`).
    let expected = Set(
      Options.flags.map { flag in
        ListedFlag(
          names: Set([flag.name] + (flag.alias.map { [$0] } ?? [])), value: flag.value?.lowercased()
        )
      })
    #expect(
      listed.subtracting(expected).isEmpty,
      "in the manual page, not in Options.flags: \(listed.subtracting(expected))")
    #expect(
      expected.subtracting(listed).isEmpty,
      "in Options.flags, not in the manual page: \(expected.subtracting(listed))")
  }

  @Test("SYNOPSIS names every flag")
  func synopsis() throws {
    let synopsis = ListedFlag.section("SYNOPSIS", of: try Self.rendered()).joined(separator: " ")
    let words = Set(
      synopsis.split { " []|,".contains($0) }.map(String.init))
    for flag in Options.flags {
      #expect(words.contains(flag.name), "\(flag.name) is not in the SYNOPSIS")
    }
  }

  @Test("EXIT STATUS explains every status --help names")
  func exitStatus() throws {
    let statuses = ListedFlag.section("EXIT STATUS", of: try Self.rendered())
      .compactMap { line -> Int? in
        guard line.hasPrefix("     "), let first = line.split(separator: " ").first else {
          return nil
        }
        return Int(first.prefix { $0.isNumber })
      }
    for (language, _) in HelpTests.languages {
      let help = (language == "ru" ? Strings.russian : Strings.english).help
      guard let start = help.range(of: language == "ru" ? "Код выхода:" : "Exit status:") else {
        Issue.record("no exit statuses in the \(language) --help")
        continue
      }
      let named = help[start.upperBound...].split { !$0.isNumber }.compactMap { Int($0) }
      let missing = Set(named).subtracting(statuses)
      #expect(
        missing.isEmpty, "\(language) --help names exit statuses the page does not: \(missing)")
    }
  }
}
