/// Something that happened at the terminal, decoded into a value.
public enum Event: Hashable, Sendable {
  /// A key that is not plain text: arrows, Enter, Tab, Ctrl- and Alt- combinations.
  case key(Key)
  /// Printable text as typed: one grapheme, or a run of them when typing outpaces reading.
  case text(String)
  /// A bracketed paste, delivered whole as one event.
  case paste(String)
  case mouse(MouseEvent)
  /// The terminal changed size; the screen already has the new size.
  case resize(Size)
  /// A signal asked the program to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT).
  case terminate(signal: Int32)
  /// The program was resumed after a suspension; everything must be drawn again.
  case resume
  /// The terminal is gone: nothing more will arrive.
  case endOfInput
}

/// Shift, Alt and Control, as far as the terminal reports them.
public struct Modifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let shift = Modifiers(rawValue: 1 << 0)
  public static let alt = Modifiers(rawValue: 1 << 1)
  public static let control = Modifiers(rawValue: 1 << 2)
}

/// A key press with its modifiers.
public struct Key: Hashable, Sendable, CustomStringConvertible {
  public enum Code: Hashable, Sendable {
    /// A letter or symbol pressed with Control or Alt (`Ctrl-A` is `.character("a")` + `.control`).
    case character(Character)
    case enter, tab, backspace, delete, escape, insert
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
  }

  public var code: Code
  public var modifiers: Modifiers

  public init(_ code: Code, _ modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// `Ctrl-` plus a letter, as raw mode delivers it.
  public static func control(_ letter: Character) -> Key { Key(.character(letter), .control) }
  /// `Alt-` plus a character, as terminals send it (Esc, then the character).
  public static func alt(_ character: Character) -> Key { Key(.character(character), .alt) }

  public var description: String {
    var parts: [String] = []
    if modifiers.contains(.control) { parts.append("Ctrl") }
    if modifiers.contains(.alt) { parts.append("Alt") }
    if modifiers.contains(.shift) { parts.append("Shift") }
    switch code {
    case .character(let c): parts.append(String(c).uppercased())
    case .function(let n): parts.append("F\(n)")
    default: parts.append("\(code)".prefix(1).uppercased() + "\(code)".dropFirst())
    }
    return parts.joined(separator: "-")
  }
}

/// A mouse button press or release, or a wheel turn, at a cell.
public struct MouseEvent: Hashable, Sendable {
  public enum Button: Hashable, Sendable {
    case left, middle, right, wheelUp, wheelDown, none
  }

  public enum Action: Hashable, Sendable {
    case press, release, drag
  }

  public var button: Button
  public var action: Action
  public var position: Point
  public var modifiers: Modifiers

  public init(_ button: Button, _ action: Action, at position: Point, modifiers: Modifiers = []) {
    self.button = button
    self.action = action
    self.position = position
    self.modifiers = modifiers
  }
}
