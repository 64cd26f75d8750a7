/// One JSON object on one line (JSON Lines), its keys in the order given. Text is escaped
/// as JSON asks, and every control character (and U+2028/U+2029, DEL, the C1 controls) as
/// `\uXXXX`, so a line read in a terminal acts on nothing.
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
          case .text(let text?): Self.quoted(text)
          case .text(nil): "null"
          case .number(let number): String(number)
          }
        return Self.quoted(key) + ":" + written
      }.joined(separator: ",") + "}"
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
          let hex = String(value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
