import Terminal

/// The glyphs and styles widgets draw with, chosen once for the screen's capabilities.
public struct Theme: Sendable {
  /// Characters that differ between UTF-8 terminals and the rest.
  public struct Glyphs: Sendable {
    public var thinLine: Character
    public var heavyLine: Character
    public var mask: Character
    public var met: String
    public var unmet: String
    public var pending: String
    /// Ends a text cut short.
    public var ellipsis: String
    /// Whether struck text can be drawn with U+0336 (UTF-8 only).
    public var canStrike: Bool
    /// A meter's filled and empty cells.
    public var meterFull: Character
    public var meterEmpty: Character
    /// Marks content out of sight above and below.
    public var moreAbove = "▲"
    public var moreBelow = "▼"

    public static let unicode = Glyphs(
      thinLine: "─", heavyLine: "━", mask: "•", met: "✓", unmet: "✗", pending: "…", ellipsis: "…",
      canStrike: true, meterFull: "▰", meterEmpty: "▱")
    public static let ascii = Glyphs(
      thinLine: "-", heavyLine: "=", mask: "*", met: "[x]", unmet: "[ ]", pending: "[.]",
      ellipsis: "...",
      canStrike: false, meterFull: "#", meterEmpty: "-", moreAbove: "^", moreBelow: "v")
  }

  public var glyphs: Glyphs
  public var title: Style
  public var label: Style
  public var focusedLabel: Style
  public var text: Style
  public var placeholder: Style
  public var line: Style
  public var focusedLine: Style
  public var errorLine: Style
  public var caption: Style
  public var error: Style
  public var met: Style
  public var unmet: Style
  public var pending: Style
  public var button: Style
  public var focusedButton: Style
  public var disabledButton: Style
  public var focusedDisabledButton: Style
  public var link: Style
  public var focusedLink: Style
  /// A meter's reading, low to high: colours only (the glyphs and the word say it too).
  public var meterLow: Style
  public var meterMiddle: Style
  public var meterHigh: Style

  /// Accent colours where the screen has them; attributes alone where it does not.
  public init(capabilities: ScreenCapabilities) {
    let colors = capabilities.colors
    func color(_ color: Color, _ attributes: Attributes = []) -> Style {
      Style(attributes, foreground: colors ? color : nil)
    }
    glyphs = capabilities.unicode ? .unicode : .ascii
    title = Style(.bold)
    label = Style()
    focusedLabel = color(.cyan, .bold)
    text = Style()
    placeholder = Style(.dim)
    line = Style(.dim)
    focusedLine = color(.cyan, .bold)
    errorLine = colors ? color(.red) : Style(.bold)
    caption = Style(.dim)
    error = colors ? color(.red) : Style(.bold)
    // Without UTF-8 there is no strike-through: met rows are "[x]" and dim, colour or not.
    met = colors && capabilities.unicode ? color(.green) : Style(.dim)
    unmet = Style()
    pending = color(.yellow)
    button = Style(.bold)
    focusedButton = colors ? color(.cyan, [.bold, .reverse]) : Style([.bold, .reverse])
    disabledButton = Style(.dim)
    focusedDisabledButton = Style([.dim, .reverse])
    link = color(.cyan, .underline)
    focusedLink = colors ? color(.cyan, [.underline, .reverse]) : Style([.underline, .reverse])
    meterLow = color(.red)
    meterMiddle = color(.yellow)
    meterHigh = color(.green)
  }
}
