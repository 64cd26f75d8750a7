import Registration
import Widgets

extension TextField {
  /// Makes typing and pasting stop at `limit` (its graphemes where it counts them, else its
  /// bytes), saying why in the screen's language. A value over its other maximum is refused
  /// by the model, and the field shows what the model kept.
  @discardableResult
  func limit(to limit: FieldLimit, strings: Strings) -> Self {
    maxLength = limit.characters ?? limit.bytes
    lengthMeasure = limit.characters == nil ? .utf8Bytes : .characters
    maxLengthMessage = limit.message(strings)
    return self
  }
}
