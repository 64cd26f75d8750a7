extension String {
  /// The text with U+0336 COMBINING LONG STROKE OVERLAY after every grapheme.
  ///
  /// Terminals and ncurses have no strike-through attribute; the overlay rides in the
  /// same cell as its grapheme, so widths do not change. Only for UTF-8 terminals.
  public var struckThrough: String {
    // Built as UTF-8 bytes: appending scalars to a string's scalar view costs about ten
    // times as much a grapheme.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count * 3)
    for character in self {
      bytes.append(contentsOf: character.utf8)
      bytes.append(0xCC)  // U+0336 in UTF-8
      bytes.append(0xB6)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
