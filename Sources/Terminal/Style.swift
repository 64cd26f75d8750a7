/// One of the terminal's eight basic colours, drawn on the terminal's own background.
public enum Color: Int, CaseIterable, Hashable, Sendable {
  /// Colour 0.
  case black
  /// Colour 1.
  case red
  /// Colour 2.
  case green
  /// Colour 3.
  case yellow
  /// Colour 4.
  case blue
  /// Colour 5.
  case magenta
  /// Colour 6.
  case cyan
  /// Colour 7.
  case white
}

/// Text attributes every terminal has, colour or not.
public struct Attributes: OptionSet, Hashable, Sendable {
  /// One bit per attribute.
  public let rawValue: UInt8
  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold, or bright.
  public static let bold = Attributes(rawValue: 1 << 0)
  /// Dim: fainter than normal text.
  public static let dim = Attributes(rawValue: 1 << 1)
  /// Underlined.
  public static let underline = Attributes(rawValue: 1 << 2)
  /// Foreground and background swapped.
  public static let reverse = Attributes(rawValue: 1 << 3)
}

/// How a run of text looks: attributes and an optional foreground colour.
///
/// There is no strike-through attribute: ncurses has none, so struck text is drawn
/// with U+0336 after each grapheme (see `String.struckThrough`).
public struct Style: Hashable, Sendable {
  /// Bold, dim, underline, reverse.
  public var attributes: Attributes
  /// `nil` is the terminal's default foreground.
  public var foreground: Color?

  /// A style with these attributes and foreground colour.
  public init(_ attributes: Attributes = [], foreground: Color? = nil) {
    self.attributes = attributes
    self.foreground = foreground
  }

  /// No attributes, the default colour.
  public static let plain = Style()
}
