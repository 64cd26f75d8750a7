import Foundation
import SiteFile
import Testing

@testable import register

/// The manual page of the site file (packaging/register.conf.5) against the keys the
/// program reads and the keys it refuses by name, and groff's own check of it.
@Suite("Site file manual page")
struct SiteManualPageTests {
  static let source = packageRoot.appendingPathComponent("packaging/register.conf.5").path

  /// The keys a section of the page lists, as `groff -mdoc -Tutf8` draws its tags
  /// (`     db = path|uri`, indented by five spaces).
  static func keys(in section: String) throws -> [String] {
    let result = try run("/usr/bin/groff", ["-mdoc", "-Tutf8", "-P-cbou", "-rLL=200n", source])
    #expect(result.status == 0)
    return ListedFlag.section(section, of: result.output).compactMap { line in
      guard line.hasPrefix("     "), !line.hasPrefix("      "), line.contains(" = ") else {
        return nil
      }
      return line.dropFirst(5).components(separatedBy: " = ").first
    }
  }

  @Test("groff -mdoc -ww finds nothing to warn about, and the page is ASCII")
  func groffIsQuiet() throws {
    let result = try run("/usr/bin/groff", ["-mdoc", "-Tutf8", "-ww", "-z", Self.source])
    #expect(result.status == 0)
    #expect(result.errors == "")
    let ascii = try Data(contentsOf: URL(fileURLWithPath: Self.source)).allSatisfy { $0 < 0x80 }
    #expect(ascii)
  }

  @Test("KEYS lists every key the program reads, and no other")
  func keys() throws {
    #expect(Set(try Self.keys(in: "KEYS")) == Set(SiteSettings.keys.map(\.name)))
  }

  @Test("COMING lists every key refused as not supported yet, and no other")
  func coming() throws {
    #expect(Set(try Self.keys(in: "COMING")) == Set(SiteKey.coming))
  }

  @Test("every flag is a key, but those of one run; contact and the accounts' keys have no flag")
  func flagsAreKeys() {
    let oneRun: Set = [
      "config", "sign-in", "change-password", "reset", "json", "plain", "help", "version",
    ]
    let flags = Set(Options.flags.map { String($0.name.dropFirst(2)) }).subtracting(oneRun)
    #expect(
      Set(SiteSettings.keys.map(\.name))
        == flags.union([
          "contact", "review", "sign-ups", "name-hold", "on-delete", "on-lock", "on-unlock", "keys",
          "password", "uid-range", "shell",
        ]))
  }
}
