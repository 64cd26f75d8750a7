import Foundation
import Testing

/// The documentation's example is the program that builds and runs: the article shows
/// the example target's source, whole.
@Suite("Documentation")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the article's listing is Sources/form-example/main.swift, in at most 30 lines")
  func articleListing() throws {
    let example = try Self.read("Sources/form-example/main.swift")
    let article = try Self.read("Sources/Widgets/Widgets.docc/BuildAFormIn30Lines.md")
    #expect(article.contains("```swift\n" + example + "```\n"))
    let code = example.split(separator: "\n").filter { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
    #expect(code.count <= 30)
    let prose = article.replacingOccurrences(of: "\n", with: " ")
    #expect(prose.contains("It has \(code.count) lines of Swift"))
  }

  @Test("the example imports Widgets and nothing else")
  func exampleImports() throws {
    let imports = try Self.read("Sources/form-example/main.swift").split(separator: "\n")
      .filter { $0.hasPrefix("import ") || $0.contains(" import ") }
    #expect(imports == ["import Widgets"])
  }
}
