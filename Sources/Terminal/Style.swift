/// One of the terminal's eight basic colours, drawn on the terminal's own background.
public enum Color: Int, CaseIterable, Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
}

/// Text attributes every terminal has, colour or not.
public struct Attributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = Attributes(rawValue: 1 << 0)
  public static let dim = Attributes(rawValue: 1 << 1)
  public static let underline = Attributes(rawValue: 1 << 2)
  public static let reverse = Attributes(rawValue: 1 << 3)
}

/// How a run of text looks: attributes and an optional foreground colour.
///
/// There is no strike-through attribute: ncurses has none, so struck text is drawn
/// with U+0336 after each grapheme (see `String.struckThrough`).
public struct Style: Hashable, Sendable {
  public var attributes: Attributes
  /// `nil` is the terminal's default foreground.
  public var foreground: Color?

  public init(_ attributes: Attributes = [], foreground: Color? = nil) {
    self.attributes = attributes
    self.foreground = foreground
  }

  public static let plain = Style()
}
