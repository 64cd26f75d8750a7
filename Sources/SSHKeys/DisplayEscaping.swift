/// Text from a stranger made safe to show: every scalar that could move the cursor, hide
/// text or reorder it (controls, format characters such as the bidirectional overrides,
/// line and paragraph separators, private-use and unassigned code points) becomes
/// `\u{XXXX}`, and a backslash becomes `\\`, so that the escaped text reads one way only.
enum DisplayEscaping {
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        out += "\\\\"
      } else if needsEscape(scalar) {
        out += "\\u{" + hex(scalar.value) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      true
    default:
      false
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }
}
