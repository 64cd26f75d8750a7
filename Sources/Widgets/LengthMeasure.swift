/// How a field counts its maximum length.
public enum LengthMeasure: Hashable, Sendable {
  /// Graphemes, as a person counts characters: `👍🏽` and `é` are one each.
  case characters
  /// Bytes of UTF-8, as a C library counts a password (crypt(3) takes at most 512).
  case utf8Bytes

  /// How long `text` is in this measure.
  public func length(of text: String) -> Int {
    switch self {
    case .characters: text.count
    case .utf8Bytes: text.utf8.count
    }
  }

  /// The longest beginning of `text`, in whole graphemes, no longer than `room`.
  public func prefix(of text: String, room: Int) -> Substring {
    guard room > 0 else { return text.prefix(0) }
    switch self {
    case .characters:
      return text.prefix(room)
    case .utf8Bytes:
      var used = 0
      var end = text.startIndex
      for index in text.indices {
        used += text[index].utf8.count
        if used > room { break }
        end = text.index(after: index)
      }
      return text[..<end]
    }
  }
}
