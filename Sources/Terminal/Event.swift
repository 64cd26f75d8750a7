/// Something that happened at the terminal, decoded into a value.
public enum Event: Hashable, Sendable {
  /// A key that is not plain text: arrows, Enter, Tab, Ctrl- and Alt- combinations.
  case key(Key)
  /// Printable text as typed: one grapheme, or a run of them when typing outpaces reading.
  case text(String)
  /// A bracketed paste, delivered whole as one event.
  case paste(String)
  /// Text that came and cannot be taken (invalid UTF-8, too many combining marks in a
  /// row): a field shows that it refused it, and nothing is typed in its place.
  case refused(InputRefusal)
  /// A mouse button pressed or released, or the wheel turned (SGR reports).
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
  /// One bit per modifier.
  public let rawValue: UInt8
  /// The modifiers whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift (terminals report it with arrows, Tab and function keys, not with letters).
  public static let shift = Modifiers(rawValue: 1 << 0)
  /// Alt (Meta): sent as Esc before the key.
  public static let alt = Modifiers(rawValue: 1 << 1)
  /// Control.
  public static let control = Modifiers(rawValue: 1 << 2)
}

/// A key press with its modifiers.
public struct Key: Hashable, Sendable, CustomStringConvertible {
  /// Which key, without its modifiers.
  public enum Code: Hashable, Sendable {
    /// A letter or symbol pressed with Control or Alt (`Ctrl-A` is `.character("a")` + `.control`).
    case character(Character)
    /// Enter (Return).
    case enter
    /// Tab; with Shift, Shift-Tab.
    case tab
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// Esc, alone: no other byte followed it within 25 ms.
    case escape
    /// Insert.
    case insert
    /// Up arrow.
    case up
    /// Down arrow.
    case down
    /// Left arrow.
    case left
    /// Right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A function key: `F2` is `.function(2)`.
    case function(Int)
  }

  /// Which key.
  public var code: Code
  /// Shift, Alt, Control, as far as the terminal reports them.
  public var modifiers: Modifiers

  /// The key `code` with `modifiers`.
  public init(_ code: Code, _ modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// `Ctrl-` plus a letter, as raw mode delivers it.
  public static func control(_ letter: Character) -> Key { Key(.character(letter), .control) }
  /// `Alt-` plus a character, as terminals send it (Esc, then the character).
  public static func alt(_ character: Character) -> Key { Key(.character(character), .alt) }

  /// As a person writes it: `Ctrl-A`, `Shift-Tab`, `F2`.
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
  /// Which button, or the wheel.
  public enum Button: Hashable, Sendable {
    /// The left (first) button.
    case left
    /// The middle button.
    case middle
    /// The right button.
    case right
    /// The wheel turned up.
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// No button: a move reported while none is held.
    case none
  }

  /// What the button did.
  public enum Action: Hashable, Sendable {
    /// Pressed.
    case press
    /// Released.
    case release
    /// Moved while held.
    case drag
  }

  /// Which button.
  public var button: Button
  /// What it did.
  public var action: Action
  /// The cell under the pointer.
  public var position: Point
  /// Keys held with it.
  public var modifiers: Modifiers

  /// `button` did `action` at `position`.
  public init(_ button: Button, _ action: Action, at position: Point, modifiers: Modifiers = []) {
    self.button = button
    self.action = action
    self.position = position
    self.modifiers = modifiers
  }
}
