/// Writes the JSON the program prints: the result line, and `register admin`'s JSON
/// Lines. Keys keep the order given.
///
/// Small on purpose: the results are flat objects, and Foundation's encoder would cost
/// the process a quarter of its memory.
public enum JSON {
  /// A flat object of strings, on one line.
  public static func object(_ pairs: KeyValuePairs<String, String>) -> String {
    "{" + pairs.map { "\(string($0.key)):\(string($0.value))" }.joined(separator: ",") + "}"
  }

  /// A JSON string. Beyond what JSON requires (quote, backslash, C0), DEL, C1, the line
  /// and paragraph separators (line ends to JavaScript), format, private-use and
  /// unassigned code points are written as `\uXXXX`: the line stays valid, and shown on
  /// a terminal it neither drives the terminal nor hides anything.
  public static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isEscaped(scalar):
        // Beyond the first plane, as a UTF-16 surrogate pair.
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
      .surrogate:
      true
    default:
      false
    }
  }
}
