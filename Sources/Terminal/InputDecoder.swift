/// Turns the bytes a terminal sends into events: text, keys with modifiers, bracketed
/// pastes and SGR mouse reports.
///
/// A value with no I/O, so it can be fed any bytes in tests. Bytes that may begin a longer
/// sequence (a lone Esc, half a UTF-8 character) are kept until more arrive or until the
/// caller decides none will come and calls `flush()`. Invalid UTF-8 and sequences it does
/// not know are dropped.
public struct InputDecoder: Sendable {
  private var pending: [UInt8] = []
  private var paste: [UInt8]?

  /// Longest control sequence accepted; anything longer is noise and is dropped.
  private static let maxSequenceLength = 64
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  public init() {}

  /// True while bytes wait for the rest of a sequence, or a paste has not ended.
  public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

  /// True while a bracketed paste is being received: the caller should wait for its end
  /// rather than flush.
  public var isReceivingPaste: Bool { paste != nil }

  /// Decodes what it can of `bytes` (after any bytes kept from the last call).
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Event] {
    pending.append(contentsOf: bytes)
    return decodePending(atEnd: false)
  }

  /// Decodes what is pending as if no more bytes will come: a lone Esc is the Esc key,
  /// an unfinished sequence or character is dropped. A paste in progress is kept.
  public mutating func flush() -> [Event] {
    decodePending(atEnd: true)
  }

  private mutating func decodePending(atEnd: Bool) -> [Event] {
    var events: [Event] = []
    var text = ""
    func emitText() {
      if !text.isEmpty {
        events.append(.text(text))
        text = ""
      }
    }
    var index = 0
    let bytes = pending
    while index < bytes.count {
      if paste != nil {
        if let end = Self.find(Self.pasteEnd, in: bytes, from: index) {
          paste!.append(contentsOf: bytes[index..<end])
          events.append(.paste(String(decoding: paste!, as: UTF8.self).droppingReplacements))
          paste = nil
          index = end + Self.pasteEnd.count
          continue
        }
        // Keep a tail that may be the start of the end marker for the next read.
        let keep = Self.markerPrefixLength(Self.pasteEnd, atEndOf: bytes, from: index)
        paste!.append(contentsOf: bytes[index..<(bytes.count - keep)])
        pending = Array(bytes[(bytes.count - keep)...])
        return events
      }
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        guard let (event, length) = escapeSequence(bytes, at: index, atEnd: atEnd) else {
          emitText()
          pending = Array(bytes[index...])
          return events
        }
        if case .paste = event {
          emitText()
          paste = []
        } else if let event {
          emitText()
          events.append(event)
        }
        index += length
      case 0x00..<0x20, 0x7F:
        emitText()
        if let key = Self.controlKey(byte) { events.append(.key(key)) }
        index += 1
      case 0x20..<0x80:
        text.unicodeScalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        switch Self.utf8Scalar(bytes, at: index) {
        case .scalar(let scalar, let length):
          if !TextWidth.isControl(scalar) { text.unicodeScalars.append(scalar) }
          index += length
        case .incomplete where !atEnd:
          emitText()
          pending = Array(bytes[index...])
          return events
        case .incomplete, .invalid:
          index += 1
        }
      }
    }
    emitText()
    pending = []
    return events
  }

  /// How many bytes at the end of `bytes` (after `start`) are a beginning of `marker`.
  private static func markerPrefixLength(_ marker: [UInt8], atEndOf bytes: [UInt8], from start: Int)
    -> Int
  {
    let longest = min(marker.count - 1, bytes.count - start)
    for length in stride(from: longest, to: 0, by: -1)
    where bytes[(bytes.count - length)...].elementsEqual(marker[0..<length]) {
      return length
    }
    return 0
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count - start >= needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  // MARK: Escape sequences

  /// Decodes the sequence starting with Esc at `index`: the event (nil for a sequence that
  /// means nothing here, `.paste("")` for the start of a paste) and its length. Returns nil
  /// when more bytes are needed.
  private func escapeSequence(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> (Event?, Int)? {
    let available = bytes.count - index
    guard available > 1 else {
      return atEnd ? (.key(Key(.escape)), 1) : nil
    }
    let next = bytes[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return csiSequence(bytes, at: index, atEnd: atEnd)
    case UInt8(ascii: "O"):
      guard available > 2 else {
        return atEnd ? (.key(.alt("O")), 2) : nil
      }
      return (Self.ss3Key(bytes[index + 2]).map(Event.key), 3)
    case 0x1B:
      return (.key(Key(.escape)), 1)
    case 0x00..<0x20, 0x7F:
      guard var key = Self.controlKey(next) else { return (nil, 2) }
      key.modifiers.insert(.alt)
      return (.key(key), 2)
    case 0x20..<0x80:
      return (.key(.alt(Character(Unicode.Scalar(next)))), 2)
    default:
      switch Self.utf8Scalar(bytes, at: index + 1) {
      case .scalar(let scalar, let length):
        return (.key(.alt(Character(scalar))), 1 + length)
      case .incomplete where !atEnd:
        return nil
      case .incomplete, .invalid:
        return (.key(Key(.escape)), 1)
      }
    }
  }

  /// CSI: Esc [ parameters intermediates final.
  private func csiSequence(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> (Event?, Int)? {
    var end = index + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
      // Not a well-formed sequence: drop what was read of it and go on from this byte.
      guard (0x20...0x3F).contains(bytes[end]) else { return (nil, end - index) }
      end += 1
    }
    guard end < bytes.count else {
      if !atEnd { return nil }
      // Alone, `Esc [` is Alt-[; with parameters it is a sequence cut short: dropped.
      return end == index + 2 ? (.key(.alt("[")), 2) : (nil, end - index)
    }
    guard end - index < Self.maxSequenceLength else { return (nil, end - index + 1) }
    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let final = Character(Unicode.Scalar(bytes[end]))
    return (Self.csiEvent(parameters: parameters, final: final), end - index + 1)
  }

  private static func csiEvent(parameters: String, final: Character) -> Event? {
    if parameters.hasPrefix("<"), final == "M" || final == "m" {
      return mouseEvent(parameters: parameters.dropFirst(), released: final == "m")
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0.split(separator: ":").first ?? "") ?? 0
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
      guard let first = numbers.first else { return nil }
      if first == 200 { return .paste("") }
      guard let tilde = tildeKey(first) else { return nil }
      code = tilde
    default:
      return nil
    }
    return .key(Key(code, modifiers))
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
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
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

  /// SS3: Esc O final, sent for arrows, Home/End and F1-F4 in application keypad mode.
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
    default: nil
    }
  }

  /// The key a control byte stands for in raw mode.
  private static func controlKey(_ byte: UInt8) -> Key? {
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

  private enum UTF8Result {
    case scalar(Unicode.Scalar, length: Int)
    case incomplete
    case invalid
  }

  private static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> UTF8Result {
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

extension String {
  /// Without the U+FFFD that lenient UTF-8 decoding puts where bytes were invalid.
  fileprivate var droppingReplacements: String {
    contains("\u{FFFD}")
      ? String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{FFFD}" })) : self
  }
}
