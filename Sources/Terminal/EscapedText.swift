extension StringProtocol {
  /// The text with every character a terminal would act on or not show written out as
  /// `\u{HEX}` (Swift's own notation: ESC is `\u{1B}`), and each backslash doubled, so
  /// an escape in the output always means a character escaped, never one typed.
  ///
  /// For anything from users that is printed (logins, echoed answers, paths, flags,
  /// `TERM`): controls (C0, DEL, C1) could move the cursor, recolour or retitle the
  /// terminal; format characters (bidi overrides and isolates, zero-width ones),
  /// line and paragraph separators, private-use and unassigned code points could hide
  /// or reorder what is shown. The Unicode properties decide, not a table of our own.
  /// Format characters inside an emoji (the joiner in 👨‍👩‍👧, the tags of a flag) are
  /// part of what is drawn and stay.
  public var escapedForTerminal: String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      let scalars = character.unicodeScalars
      let isEmoji = scalars.first.map { $0.properties.isEmoji && !$0.isASCII } ?? false
      for (offset, scalar) in scalars.enumerated() {
        if scalar == "\\" {
          result += "\\\\"
        } else if isHidden(scalar, insideEmoji: isEmoji && offset > 0) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}

/// Whether `scalar` is one a terminal acts on or does not show.
private func isHidden(_ scalar: Unicode.Scalar, insideEmoji: Bool) -> Bool {
  switch scalar.properties.generalCategory {
  case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
    true
  case .format:
    !insideEmoji
  default:
    false
  }
}
