/// Display width of text in terminal columns: the one measure used for layout, cursor
/// placement, painting and mouse hits.
///
/// ncurses advances the cursor by the C library's `wcwidth` of a cell's first code point,
/// so the widths here follow the same rules: East Asian Wide and Fullwidth characters
/// (CJK, Hangul, emoji with emoji presentation) take two columns, combining marks and
/// format characters none, everything else one. A grapheme takes the width of its first
/// code point; the rest ride along in the same cell.
public enum TextWidth {
  /// Columns one code point takes on its own.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    if isControl(scalar) { return 0 }
    let value = scalar.value
    if value < 0x300 { return 1 }  // Latin-1 needs no lookup; the soft hyphen shows as one column.
    if isZeroWidth(scalar) { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// Columns one grapheme takes. A grapheme that begins with a combining mark (one typed
  /// at the start of a text) is drawn on a space and takes one column; control
  /// characters take none.
  public static func columns(of character: Character) -> Int {
    // One byte means ASCII (`asciiValue` would first compare the character with "\r\n").
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first { return byte < 0x20 || byte == 0x7F ? 0 : 1 }
    guard let first = character.unicodeScalars.first else { return 0 }
    if isControl(first) { return 0 }
    return max(1, columns(of: first))
  }

  /// Columns a whole text takes.
  public static func columns(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  /// Columns a whole text takes. Printable ASCII, with or without marks of U+0300-U+036F
  /// on its letters (a struck-through text), is counted from its bytes, without taking it
  /// apart into graphemes.
  public static func columns(of text: String) -> Int {
    let counted = text.utf8.withContiguousStorageIfAvailable(markedASCIIColumns)
    if let counted, let columns = counted { return columns }
    return columns(of: text[...])
  }

  /// For printable ASCII whose letters may carry marks of the Combining Diacritical Marks
  /// block (U+0300-U+036F, as a struck-through text does), the columns it takes: one a
  /// letter, none a mark (each joins the grapheme of the letter before it). Nil for any
  /// other text, and for one that starts with a mark (drawn on a space, one column).
  static func markedASCIIColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var columns = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F {
        columns += 1
        index += 1
      } else if columns > 0, index + 1 < bytes.count,
        isDiacriticalMark(bytes[index], bytes[index + 1])
      {
        index += 2
      } else {
        return nil
      }
    }
    return columns
  }

  /// Whether two UTF-8 bytes are one code point of U+0300-U+036F.
  static func isDiacriticalMark(_ lead: UInt8, _ trail: UInt8) -> Bool {
    switch lead {
    case 0xCC: trail >= 0x80 && trail <= 0xBF  // U+0300-U+033F
    case 0xCD: trail >= 0x80 && trail <= 0xAF  // U+0340-U+036F
    default: false
    }
  }

  /// Lays `text` out on a row `rowWidth` columns wide, from column `x` (which may be
  /// negative): calls `place` with the column and grapheme of each one that is fully
  /// visible, and with `nil` for each visible column of a wide grapheme cut by an edge,
  /// which must be blanked. Every screen paints text through this.
  public static func layOut(
    _ text: String, from x: Int, rowWidth: Int, _ place: (Int, Character?) -> Void
  ) {
    var column = x
    for character in text {
      if column >= rowWidth { break }
      let width = columns(of: character)
      if width == 0 { continue }
      if column >= 0 && column + width <= rowWidth {
        place(column, character)
      } else {
        for cut in max(0, column)..<max(0, min(rowWidth, column + width)) { place(cut, nil) }
      }
      column += width
    }
  }

  /// How many code points a cell keeps of a grapheme: ncurses' `CCHARW_MAX`.
  public static let cellScalarLimit = 5

  /// The code points a terminal cell can hold for a grapheme: its first code point
  /// followed by the combining marks after it (at most `limit` in all).
  ///
  /// ncurses keeps only zero-width code points after the first, and a terminal would
  /// join a lone zero-width joiner or variation selector with whatever comes next, so
  /// those are left out: `👍🏽` is painted as `👍`, and `❤️` as `❤`.
  public static func cellScalars(of character: Character, limit: Int = cellScalarLimit)
    -> [Unicode.Scalar]
  {
    var scalars: [Unicode.Scalar] = []
    for scalar in character.unicodeScalars {
      if scalars.isEmpty {
        if isControl(scalar) { return [] }
        if columns(of: scalar) == 0 {
          // A mark with nothing to sit on is drawn on a space.
          scalars.append(" ")
          if isCombiningMark(scalar) { scalars.append(scalar) }
        } else {
          scalars.append(scalar)
        }
      } else if isCombiningMark(scalar) {
        scalars.append(scalar)
      }
      if scalars.count >= limit { break }
    }
    return scalars
  }

  /// True for code points that are never drawn: C0 and C1 controls.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return !isVariationSelector(scalar.value)
    default:
      return false
    }
  }

  private static func isVariationSelector(_ value: UInt32) -> Bool {
    (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Signs written before numbers (Prepended_Concatenation_Mark) are format characters
    // that show: glibc gives them a column.
    if prependedConcatenationMarks.contains(value) { return false }
    // Reclassified as a spacing mark in Unicode 15; glibc 2.36 still draws it in no column.
    if value == 0x1171E { return true }
    // Hangul medial vowels and final consonants join the syllable before them.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    if value == 0x200B { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return true
    default:
      return false
    }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    if value < wideRanges[0].lowerBound { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  private static let prependedConcatenationMarks: Set<UInt32> = [
    0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2,
    0x110BD, 0x110CD,
  ]

  /// East Asian Wide and Fullwidth code points, as glibc 2.36's `wcwidth` reports them
  /// (Unicode 14), so that what we measure is what ncurses paints.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x3029,
    0x302E...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
    0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C,
    0xAC00...0xD7A3, 0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE52,
    0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3,
    0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3,
    0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167,
    0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
    0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
    0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
    0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
    0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
    0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC, 0x1FAB0...0x1FABA,
    0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2A6DF,
    0x2A700...0x2B738, 0x2B740...0x2B81D, 0x2B820...0x2CEA1, 0x2CEB0...0x2EBE0, 0x2F800...0x2FA1D,
    0x30000...0x3134A,
  ]
}
