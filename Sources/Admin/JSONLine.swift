import JSONText

/// One JSON object on one line (JSON Lines), its keys in the order given, with text and
/// numbers. Text is written as the program's own JSON writes it (`JSON.string`: controls,
/// format characters and the rest as `\uXXXX`), so a line read in a terminal acts on
/// nothing.
struct JSONLine {
  enum Value {
    case text(String?)
    case number(Int)
  }

  private var fields: [(String, Value)] = []

  mutating func add(_ key: String, _ value: String?) { fields.append((key, .text(value))) }
  mutating func add(_ key: String, _ value: Int) { fields.append((key, .number(value))) }

  var text: String {
    "{"
      + fields.map { key, value in
        let written =
          switch value {
          case .text(let text?): JSON.string(text)
          case .text(nil): "null"
          case .number(let number): String(number)
          }
        return JSON.string(key) + ":" + written
      }.joined(separator: ",") + "}"
  }
}
