extension String {
  /// The text with U+0336 COMBINING LONG STROKE OVERLAY after every grapheme.
  ///
  /// Terminals and ncurses have no strike-through attribute; the overlay rides in the
  /// same cell as its grapheme, so widths do not change. Only for UTF-8 terminals.
  public var struckThrough: String {
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count * 2)
    for character in self {
      result.unicodeScalars.append(contentsOf: character.unicodeScalars)
      result.unicodeScalars.append("\u{0336}")
    }
    return result
  }
}
