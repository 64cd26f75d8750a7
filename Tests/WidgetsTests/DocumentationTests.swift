import Foundation
import Testing

/// The documentation's examples are code that builds and runs: the articles show the
/// example's sources, the test of it and the widget of "Write your own widget", whole.
@Suite("Documentation")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static func codeLines(_ source: String) -> Int {
    source.split(separator: "\n").filter { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }.count
  }

  static let form = "Sources/FormExample/JoinForm.swift"
  static let program = "Sources/form-example/main.swift"

  /// The form asks four kinds of question (a field, a password with its rows, a choice, a
  /// checkbox) and is a library a test imports beside the program that shows it: 40 lines
  /// today. It was 30 with two fields and no library; the limit keeps it from growing unnoticed.
  static let lineLimit = 40

  @Test("the article's listings are the example's form and program, in at most 40 lines")
  func articleListing() throws {
    let article = try Self.read("Sources/Widgets/Widgets.docc/BuildAForm.md")
    var total = 0
    for path in [Self.form, Self.program] {
      let source = try Self.read(path)
      #expect(article.contains("`\(path)`:\n\n```swift\n" + source + "```\n"), "\(path)")
      total += Self.codeLines(source)
    }
    #expect(total <= Self.lineLimit)
    let prose = article.replacingOccurrences(of: "\n", with: " ")
    #expect(prose.contains("have \(total) lines of Swift"))
  }

  @Test("the article's \"Testing it\" is the test that runs, JoinFormTests.swift, whole")
  func testingIt() throws {
    let article = try Self.read("Sources/Widgets/Widgets.docc/BuildAForm.md")
    let test = try Self.read("Tests/WidgetsTests/JoinFormTests.swift")
    #expect(article.contains("```swift\n" + test + "```\n"))
    #expect(article.contains("--filter joining"))
    #expect(test.contains("func joining()"))
  }

  @Test("\"Write your own widget\" shows the widget and the tests that run, whole")
  func ownWidget() throws {
    let article = try Self.read("Sources/Widgets/Widgets.docc/WriteYourOwnWidget.md")
    for path in ["Tests/WidgetsTests/Rating.swift", "Tests/WidgetsTests/RatingTests.swift"] {
      #expect(article.contains("```swift\n" + (try Self.read(path)) + "```\n"), "\(path)")
    }
  }

  @Test("the example imports the toolkit and its own form, nothing else")
  func exampleImports() throws {
    for (path, allowed) in [
      (Self.form, ["import Widgets"]), (Self.program, ["import FormExample", "import Widgets"]),
    ] {
      let imports = try Self.read(path).split(separator: "\n")
        .filter { $0.hasPrefix("import ") || $0.contains(" import ") }
      #expect(imports.map(String.init) == allowed, "\(path)")
    }
  }
}
