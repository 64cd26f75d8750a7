import Foundation

/// A flag as a listing shows it: `--help` (`  --db PATH     the account database`) or the
/// manual page's OPTIONS (`     --db path`).
struct ListedFlag: Hashable, CustomStringConvertible {
  /// Every spelling, `-h` and `--help` for one entry.
  var names: Set<String>
  /// The value's placeholder as written there (`PATH`, `ПУТЬ`, `en|ru`), or nil.
  var value: String?

  var description: String {
    names.sorted().joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }

  /// The entries of `--help`: lines indented by two spaces that start with a flag, then one
  /// space and a placeholder, then two spaces or more before the description. The bash
  /// completion (packaging/register.bash) reads `--help` by the same rule.
  static func inHelp(_ help: String) -> [ListedFlag] {
    help.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  -"), !line.hasPrefix("   ") else { return nil }
      return entry(String(line.dropFirst(2)))
    }
  }

  /// The entries of the manual page's OPTIONS, as `groff -mdoc -Tutf8` draws them: the
  /// tags indented by five spaces (a short tag shares its line with the text).
  static func inManualPage(_ page: String) -> [ListedFlag] {
    section("OPTIONS", of: page).compactMap { line in
      guard line.hasPrefix("     -"), !line.hasPrefix("      ") else { return nil }
      return entry(String(line.dropFirst(5)))
    }
  }

  /// `-h, --help    show this help`: the names, and the word after them up to two spaces.
  private static func entry(_ text: String) -> ListedFlag {
    let tag = text.components(separatedBy: "  ")[0]
    var names = Set<String>()
    var value: String?
    for word in tag.split(separator: " ") {
      let word = word.hasSuffix(",") ? word.dropLast() : word
      if word.hasPrefix("-") && value == nil {
        names.insert(String(word))
      } else {
        value = (value.map { $0 + " " } ?? "") + word
      }
    }
    return ListedFlag(names: names, value: value)
  }

  /// The lines of a manual page's section, without its heading.
  static func section(_ name: String, of page: String) -> [String] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: name) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? rest.endIndex
    return Array(rest[..<end])
  }
}

/// The package's folder (the tests run from anywhere).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program to its end: its status, standard output and standard error.
func run(_ executable: String, _ arguments: [String]) throws -> (
  status: Int32, output: String, errors: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  // Standard error to a file: two pipes read one after the other could block the child.
  let errorFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("register-tests-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
  defer { try? FileManager.default.removeItem(at: errorFile) }
  process.standardOutput = output
  process.standardError = try FileHandle(forWritingTo: errorFile)
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  )
}
