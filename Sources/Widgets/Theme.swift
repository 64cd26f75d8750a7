import Terminal

/// The glyphs and styles widgets draw with, chosen once for the screen's capabilities.
public struct Theme: Sendable {
  /// Characters that differ between UTF-8 terminals and the rest.
  public struct Glyphs: Sendable {
    /// A field's underline while it is not focused.
    public var thinLine: Character
    /// A field's underline while it is focused.
    public var heavyLine: Character
    /// What a secure field shows for each grapheme.
    public var mask: Character
    /// The icon of a met requirement.
    public var met: String
    /// The icon of an unmet requirement.
    public var unmet: String
    /// The icon of a requirement being checked.
    public var pending: String
    /// Ends a text cut short.
    public var ellipsis: String
    /// Whether struck text can be drawn with U+0336 (UTF-8 only).
    public var canStrike: Bool
    /// A meter's filled cell.
    public var meterFull: Character
    /// A meter's empty cell.
    public var meterEmpty: Character
    /// Marks content out of sight above.
    public var moreAbove = "▲"
    /// Marks content out of sight below.
    public var moreBelow = "▼"
    /// A ticked checkbox.
    public var checked = "[x]"
    /// A checkbox not ticked.
    public var unchecked = "[ ]"
    /// The option chosen in a choice.
    public var chosen = "(•)"
    /// An option not chosen.
    public var notChosen = "( )"
    /// Marks the selected row of a list.
    public var selectedRow = "▶"

    /// Box drawing, bullets, check marks: for UTF-8 terminals.
    public static let unicode = Glyphs(
      thinLine: "─", heavyLine: "━", mask: "•", met: "✓", unmet: "✗", pending: "…", ellipsis: "…",
      canStrike: true, meterFull: "▰", meterEmpty: "▱")
    /// Plain ASCII, for terminals without UTF-8. A met requirement is `ok`, never `[x]`,
    /// which is a ticked ``Checkbox``.
    public static let ascii = Glyphs(
      thinLine: "-", heavyLine: "=", mask: "*", met: "ok", unmet: "[ ]", pending: "[.]",
      ellipsis: "...",
      canStrike: false, meterFull: "#", meterEmpty: "-", moreAbove: "^", moreBelow: "v",
      chosen: "(*)", selectedRow: ">")
  }

  /// The characters, for the screen's character set.
  public var glyphs: Glyphs
  /// A screen's title.
  public var title: Style
  /// A field's label.
  public var label: Style
  /// A focused field's label.
  public var focusedLabel: Style
  /// What was typed, and plain text.
  public var text: Style
  /// A placeholder, and a label sitting in the value row.
  public var placeholder: Style
  /// An underline, unfocused.
  public var line: Style
  /// An underline, focused.
  public var focusedLine: Style
  /// An underline of a field in error.
  public var errorLine: Style
  /// A caption, and hints.
  public var caption: Style
  /// Error messages.
  public var error: Style
  /// A met requirement.
  public var met: Style
  /// An unmet requirement, not yet an error.
  public var unmet: Style
  /// A requirement being checked.
  public var pending: Style
  /// A button.
  public var button: Style
  /// A focused button.
  public var focusedButton: Style
  /// A disabled button.
  public var disabledButton: Style
  /// A focused disabled button.
  public var focusedDisabledButton: Style
  /// A link, and an accessory such as `[show]`.
  public var link: Style
  /// A focused link.
  public var focusedLink: Style
  /// A meter's low reading: colour only (the glyphs and the word say it too).
  public var meterLow: Style
  /// A meter's middle reading.
  public var meterMiddle: Style
  /// A meter's high reading.
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
    // Without UTF-8 there is no strike-through: met rows are "ok" and dim, colour or not.
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
