/// Why input from the terminal, or a line read, could not be taken as text.
///
/// Nothing is silently changed: a line or a paste that cannot be taken is refused whole,
/// and typed bytes that cannot be taken are refused where they come (``Event/refused(_:)``).
public enum InputRefusal: Error, Hashable, Sendable {
  /// Bytes that are not UTF-8: the terminal (or the program sending the answers) uses
  /// another encoding. Taken as U+FFFD, two different byte strings would be one password.
  case invalidUTF8
  /// More than ``CombiningRun/maximumNonStarters`` combining marks in a row (UAX #15's
  /// Stream-Safe Text Format): no script needs them, and putting them in order costs
  /// time that grows with the square of their number.
  case tooManyCombiningMarks
}

/// A line read, or why it cannot be taken.
public enum InputLine: Hashable, Sendable {
  /// The line, without its line break.
  case text(String)
  /// The line was read whole, and refused whole.
  case refused(InputRefusal)

  /// The text of a line of `bytes`, or why it is refused: invalid UTF-8 is never turned
  /// into U+FFFD, and combining marks are bounded as ``CombiningRun`` says.
  public init(bytes: some Collection<UInt8>) {
    switch StrictText.decode(bytes) {
    case .success(let text): self = .text(text)
    case .failure(let refusal): self = .refused(refusal)
    }
  }

  /// The text; an empty answer for a refused line (for callers that cannot say why).
  public var textOrEmpty: String {
    if case .text(let text) = self { text } else { "" }
  }
}
