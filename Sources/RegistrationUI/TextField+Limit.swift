import Registration
import Widgets

extension TextField {
  /// Makes typing and pasting stop at `limit`, saying why in the screen's language.
  @discardableResult
  func limit(to limit: FieldLimit, strings: Strings) -> Self {
    maxLength = limit.maximum
    lengthMeasure = limit.unit == .characters ? .characters : .utf8Bytes
    maxLengthMessage = limit.message(strings)
    return self
  }
}
