/// What the sequences a terminal sends mean: Esc and Alt, CSI and SS3 keys, SGR mouse
/// reports, control bytes, UTF-8. Every number in them is clamped where it is parsed.
extension InputDecoder {
  /// The largest number taken from a sequence: terminal sizes are 16-bit, so no real
  /// coordinate, key code or modifier is larger. Larger ones are clamped to it.
  public static let maximumParameter = 65_535

  /// What the bytes starting with an Esc are.
  enum EscapeSequence {
    /// A whole sequence of `length` bytes; nil when it means nothing here.
    case event(Event?, length: Int)
    /// More bytes are needed; the first `scanned` are known (a CSI's start).
    case incomplete(scanned: Int)
    /// `Esc [ 200 ~`: a paste begins after these bytes.
    case pasteStart(length: Int)
    /// A CSI already longer than `maximumSequenceLength`: these bytes go, and the rest of it.
    case tooLong(length: Int)
    /// The start of a control string (OSC, DCS, SOS, PM, APC): dropped up to its end.
    case controlString(length: Int)
  }

  /// Decodes the sequence starting with Esc at `index`. A CSI's scan resumes after the
  /// first `resume` bytes, which an earlier call already passed over.
  mutating func escapeSequence(_ bytes: [UInt8], at index: Int, resume: Int, atEnd: Bool)
    -> EscapeSequence
  {
    let available = bytes.count - index
    guard available > 1 else {
      return atEnd ? .event(.key(Key(.escape)), length: 1) : .incomplete(scanned: 0)
    }
    let next = bytes[index + 1]
    examined += 1
    switch next {
    case UInt8(ascii: "["):
      return csiSequence(bytes, at: index, resume: resume, atEnd: atEnd)
    case UInt8(ascii: "O"):
      guard available > 2 else {
        return atEnd ? .event(.key(.alt("O")), length: 2) : .incomplete(scanned: 0)
      }
      let final = bytes[index + 2]
      // Only a final byte ends SS3; anything else (Ctrl-C, say) was typed after Alt-O.
      guard (0x40...0x7E).contains(final) else { return .event(.key(.alt("O")), length: 2) }
      return .event(Self.ss3Key(final).map(Event.key), length: 3)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      // Alone, it was Alt and that character, as `Esc [` alone is Alt-[.
      guard available > 2 else {
        return atEnd
          ? .event(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
          : .incomplete(scanned: 0)
      }
      return .controlString(length: 2)
    case 0x1B:
      return .event(.key(Key(.escape)), length: 1)
    case 0x09:
      // The Linux console's Shift-Tab (terminfo's kcbt there).
      return .event(.key(Key(.tab, .shift)), length: 2)
    case 0x00..<0x20, 0x7F:
      guard var key = Self.controlKey(next) else { return .event(nil, length: 2) }
      key.modifiers.insert(.alt)
      return .event(.key(key), length: 2)
    case 0x20..<0x80:
      return .event(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
    default:
      switch Self.utf8Scalar(bytes, at: index + 1) {
      case .scalar(let scalar, let length):
        return .event(.key(.alt(Character(scalar))), length: 1 + length)
      case .incomplete where !atEnd:
        return .incomplete(scanned: 0)
      case .incomplete, .invalid:
        return .event(.key(Key(.escape)), length: 1)
      }
    }
  }

  /// CSI: Esc [ parameters intermediates final.
  private mutating func csiSequence(_ bytes: [UInt8], at index: Int, resume: Int, atEnd: Bool)
    -> EscapeSequence
  {
    if bytes.count > index + 2, bytes[index + 2] == UInt8(ascii: "[") {
      return linuxFunctionKey(bytes, at: index, atEnd: atEnd)
    }
    var end = index + max(2, resume)
    while end < bytes.count {
      let byte = bytes[end]
      examined += 1
      if (0x40...0x7E).contains(byte) { break }
      // rxvt ends a Shift-modified key with `$` (`Esc [ 3 $`), which ECMA-48 makes an
      // intermediate byte: after digits alone it is the end, or the next key would be.
      if byte == UInt8(ascii: "$"), end > index + 2,
        bytes[(index + 2)..<end].allSatisfy({ (0x30...0x39).contains($0) })
      {
        break
      }
      // Not a well-formed sequence: drop what was read of it and go on from this byte.
      guard (0x20...0x3F).contains(byte) else { return .event(nil, length: end - index) }
      end += 1
      if end - index >= Self.maximumSequenceLength { return .tooLong(length: end - index) }
    }
    guard end < bytes.count else {
      if !atEnd { return .incomplete(scanned: end - index) }
      // Alone, `Esc [` is Alt-[; with parameters it is a sequence cut short: dropped.
      return end == index + 2
        ? .event(.key(.alt("[")), length: 2) : .event(nil, length: end - index)
    }
    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let final = Character(Unicode.Scalar(bytes[end]))
    let length = end - index + 1
    if final == "~", parameters == "200" { return .pasteStart(length: length) }
    return .event(Self.csiEvent(parameters: parameters, final: final), length: length)
  }

  /// The Linux console's F1-F5: `Esc [ [ A` to `Esc [ [ E`.
  private mutating func linuxFunctionKey(_ bytes: [UInt8], at index: Int, atEnd: Bool)
    -> EscapeSequence
  {
    guard bytes.count > index + 3 else {
      return atEnd ? .event(nil, length: 3) : .incomplete(scanned: 0)
    }
    let final = bytes[index + 3]
    examined += 2
    guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else {
      return .event(nil, length: 3)
    }
    return .event(.key(Key(.function(Int(final - UInt8(ascii: "A")) + 1))), length: 4)
  }

  /// A decimal parameter clamped to `maximumParameter` (0 when empty); nil when it holds
  /// anything but digits (a sign, say), so no number is ever taken for another.
  static func parameter(_ text: Substring) -> Int? {
    var value = 0
    for byte in text.utf8 {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = min(maximumParameter, value * 10 + Int(byte - 0x30))
    }
    return value
  }

  private static func csiEvent(parameters: String, final: Character) -> Event? {
    if parameters.hasPrefix("<"), final == "M" || final == "m" {
      return mouseEvent(parameters: parameters.dropFirst(), released: final == "m")
    }
    var numbers: [Int] = []
    for field in parameters.split(separator: ";", omittingEmptySubsequences: false) {
      guard let number = parameter(field.prefix { $0 != ":" }) else { return nil }
      numbers.append(number)
    }
    // xterm's modifier parameter runs from 1 to 16; anything else is not a key (a cursor
    // position report looks like a modified F3).
    if numbers.count > 1, !(1...16).contains(numbers[1]) { return nil }
    let modifiers = numbers.count > 1 ? Self.modifiers(numbers[1]) : []
    let code: Key.Code
    switch final {
    case "A": code = .up
    case "B": code = .down
    case "C": code = .right
    case "D": code = .left
    case "H": code = .home
    case "F": code = .end
    case "Z": return .key(Key(.tab, .shift))
    case "P", "Q", "R", "S":
      code = .function(Int(final.asciiValue! - UInt8(ascii: "P")) + 1)
    case "~":
      guard let first = numbers.first, let tilde = tildeKey(first) else { return nil }
      code = tilde
    case "$", "^", "@":
      // rxvt's modified keys: `Esc [ 3 $` Shift-Delete, `^` Control, `@` both.
      guard numbers.count == 1, let tilde = tildeKey(numbers[0]) else { return nil }
      let rxvt: [Character: Modifiers] = ["$": .shift, "^": .control, "@": [.control, .shift]]
      return .key(Key(tilde, rxvt[final]!))
    case "a", "b", "c", "d":
      // rxvt's Shift-arrows: `Esc [ a` to `Esc [ d`.
      guard parameters.isEmpty else { return nil }
      return .key(Key(arrow(final), .shift))
    default:
      return nil
    }
    return .key(Key(code, modifiers))
  }

  /// Up, down, right, left for `a`, `b`, `c`, `d` (rxvt's modified arrows).
  private static func arrow(_ letter: Character) -> Key.Code {
    switch letter {
    case "a": .up
    case "b": .down
    case "c": .right
    default: .left
    }
  }

  private static func tildeKey(_ number: Int) -> Key.Code? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23...26: .function(number - 12)
    // F15-F20 as the VT220 numbers them (rxvt and the Linux console: Shift-F3 to F10).
    case 28, 29: .function(number - 13)
    case 31...34: .function(number - 14)
    default: nil
    }
  }

  /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4).
  private static func modifiers(_ parameter: Int) -> Modifiers {
    let bits = max(0, parameter - 1)
    var modifiers: Modifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    return modifiers
  }

  /// SGR mouse report: `Esc [ < button ; column ; row M` (press) or `m` (release).
  private static func mouseEvent(parameters: Substring, released: Bool) -> Event? {
    var numbers: [Int] = []
    for field in parameters.split(separator: ";", omittingEmptySubsequences: false) {
      guard let number = parameter(field) else { return nil }
      numbers.append(number)
    }
    guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    var modifiers: Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let button: MouseEvent.Button
    if code & 64 != 0 {
      button = code & 1 == 0 ? .wheelUp : .wheelDown
    } else {
      button = [.left, .middle, .right, .none][code & 3]
    }
    let action: MouseEvent.Action = released ? .release : (code & 32 != 0 ? .drag : .press)
    let position = Point(x: numbers[1] - 1, y: numbers[2] - 1)
    return .mouse(MouseEvent(button, action, at: position, modifiers: modifiers))
  }

  /// SS3: Esc O final, sent for arrows, Home/End and F1-F4 in application keypad mode, and
  /// by rxvt for Control-arrows.
  private static func ss3Key(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): Key(.up)
    case UInt8(ascii: "B"): Key(.down)
    case UInt8(ascii: "C"): Key(.right)
    case UInt8(ascii: "D"): Key(.left)
    case UInt8(ascii: "H"): Key(.home)
    case UInt8(ascii: "F"): Key(.end)
    case UInt8(ascii: "M"): Key(.enter)
    case UInt8(ascii: "P")...UInt8(ascii: "S"): Key(.function(Int(final - UInt8(ascii: "P")) + 1))
    // rxvt's Control-arrows (its kUP5, kDN5, kRIT5, kLFT5): `Esc O a` to `Esc O d`.
    case UInt8(ascii: "a")...UInt8(ascii: "d"):
      Key(arrow(Character(Unicode.Scalar(final))), .control)
    default: nil
    }
  }

  /// The key a control byte stands for in raw mode.
  static func controlKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0D, 0x0A: Key(.enter)
    case 0x09: Key(.tab)
    case 0x7F, 0x08: Key(.backspace)
    case 0x1B: Key(.escape)
    case 0x00: .control(" ")
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
    case 0x1C...0x1F: .control(Character(Unicode.Scalar(byte + 0x40)))
    default: nil
    }
  }

  // MARK: UTF-8

  enum UTF8Result {
    case scalar(Unicode.Scalar, length: Int)
    case incomplete
    case invalid
  }

  static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> UTF8Result {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return .invalid
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return .invalid }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .invalid }
    return .scalar(scalar, length: length)
  }
}
