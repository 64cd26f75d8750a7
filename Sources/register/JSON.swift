/// Writes the one-object JSON results the program prints. Keys keep the order given.
///
/// Small on purpose: the results are flat objects of strings, and Foundation's encoder
/// would cost the process a quarter of its memory.
enum JSON {
  static func object(_ pairs: KeyValuePairs<String, String>) -> String {
    "{" + pairs.map { "\(string($0.key)):\(string($0.value))" }.joined(separator: ",") + "}"
  }

  static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
