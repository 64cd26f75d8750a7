import Foundation
import Terminal
import Testing

/// The keys of the terminals people use, as their terminfo entries (not a list of ours)
/// say they send them, through the decoder.
@Suite("Input: the keys of real terminals' terminfo entries")
struct TerminfoKeyTests {
  /// xterm and the terminals that follow it, the multiplexers, the Linux console, rxvt.
  /// foot's entry in ncurses is `foot+base`. The rarer ones come with ncurses-term.
  static let terminals = [
    "xterm", "rxvt-unicode", "screen", "tmux", "linux", "st", "foot+base", "alacritty",
    "kitty", "vte",
  ]

  /// What a key capability means, by its terminfo name.
  static func expectedKey(_ name: String) -> Key? {
    let plain: [String: Key.Code] = [
      "kcuu1": .up, "kcud1": .down, "kcuf1": .right, "kcub1": .left, "khome": .home,
      "kend": .end, "kdch1": .delete, "kich1": .insert, "kpp": .pageUp, "knp": .pageDown,
      "kbs": .backspace, "kent": .enter,
    ]
    if let code = plain[name] { return Key(code) }
    if name == "kcbt" || name == "kcbt2" { return Key(.tab, .shift) }
    if name == "kri" { return Key(.up, .shift) }
    if name == "kind" { return Key(.down, .shift) }
    if name.hasPrefix("kf"), let number = Int(name.dropFirst(2)), (1...12).contains(number) {
      return Key(.function(number))
    }
    // Modified keys: kLFT is Shift-Left, kLFT5 Control-Left, ... (xterm's numbering).
    let modified: [String: Key.Code] = [
      "kUP": .up, "kDN": .down, "kRIT": .right, "kLFT": .left, "kHOM": .home, "kEND": .end,
      "kDC": .delete, "kIC": .insert, "kPRV": .pageUp, "kNXT": .pageDown,
    ]
    guard let base = modified.keys.first(where: { name.hasPrefix($0) }) else { return nil }
    let suffix = name.dropFirst(base.count)
    let modifiers: [Substring: Modifiers] = [
      "": .shift, "2": .shift, "3": .alt, "4": [.alt, .shift], "5": .control,
      "6": [.control, .shift], "7": [.control, .alt],
    ]
    guard let modifier = modifiers[suffix] else { return nil }
    return Key(modified[base]!, modifier)
  }

  @Test("each key capability is its key; the rest are never typed", arguments: terminals)
  func keys(terminal: String) throws {
    let capabilities = try Self.keyCapabilities(of: terminal)
    #expect(capabilities.count > 20, "\(terminal): \(capabilities.count) keys")
    for (name, bytes) in capabilities where name != "kmous" {
      var decoder = InputDecoder()
      let events = decoder.decode(bytes) + decoder.flush()
      let shown = "\(terminal) \(name) \(bytes)"
      if let key = Self.expectedKey(name) {
        #expect(events == [.key(key)], "\(shown): \(events)")
      } else {
        // Keypad keys and function keys past F12: at most one key, never text.
        #expect(events.count <= 1, "\(shown): \(events)")
        #expect(
          events.allSatisfy { if case .key = $0 { true } else { false } }, "\(shown): \(events)")
      }
    }
  }

  @Test(
    "the keys the reviews found: rxvt's Control-arrows, the Linux console's Shift-Tab and F1-F5")
  func reviewed() throws {
    let rxvt = try Self.keyCapabilities(of: "rxvt-unicode")
    #expect(rxvt["kLFT5"] == Array("\u{1B}Od".utf8))
    #expect(rxvt["kRIT5"] == Array("\u{1B}Oc".utf8))
    let linux = try Self.keyCapabilities(of: "linux")
    #expect(linux["kcbt"] == [0x1B, 0x09])
    #expect(linux["kf2"] == Array("\u{1B}[[B".utf8))
    // F2 reveals a password: it must never type a "B" into it.
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("\u{1B}[[Bx".utf8)) == [.key(Key(.function(2))), .text("x")])
    #expect(decoder.decode(Array("\u{1B}[[".utf8)) == [])
    #expect(decoder.decode(Array("E".utf8)) == [.key(Key(.function(5)))])
  }

  /// The string capabilities whose names begin with `k`, decoded from `infocmp -1 -x`.
  static func keyCapabilities(of terminal: String) throws -> [String: [UInt8]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["infocmp", "-1", "-x", terminal]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      Issue.record("no terminfo entry for \(terminal) (Debian's ncurses-term has it)")
      return [:]
    }
    var capabilities: [String: [UInt8]] = [:]
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      guard line.hasPrefix("\t"), let equals = line.firstIndex(of: "=") else { continue }
      let name = String(line.dropFirst()[..<equals])
      guard name.hasPrefix("k") else { continue }
      var value = line[line.index(after: equals)...]
      if value.hasSuffix(",") { value = value.dropLast() }
      capabilities[name] = unescape(value)
    }
    return capabilities
  }

  /// Terminfo's string escapes: `\E`, `^X`, `\\`, `\,`, `\^`, `\0`, `\n`, octal `\NNN`, ...
  static func unescape(_ text: Substring) -> [UInt8] {
    var bytes: [UInt8] = []
    var characters = Array(text.utf8)[...]
    while let byte = characters.popFirst() {
      switch byte {
      case UInt8(ascii: "^"):
        guard let next = characters.popFirst() else { break }
        bytes.append(next == UInt8(ascii: "?") ? 0x7F : next & 0x1F)
      case UInt8(ascii: "\\"):
        guard let next = characters.popFirst() else { break }
        switch next {
        case UInt8(ascii: "E"), UInt8(ascii: "e"): bytes.append(0x1B)
        case UInt8(ascii: "n"), UInt8(ascii: "l"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "s"): bytes.append(0x20)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = Int(next - UInt8(ascii: "0"))
          var digits = 1
          while digits < 3, let digit = characters.first, (0x30...0x37).contains(digit) {
            value = value * 8 + Int(digit - 0x30)
            characters.removeFirst()
            digits += 1
          }
          // A lone \0 is terminfo's way to write a NUL (as 0x80).
          bytes.append(digits == 1 && value == 0 ? 0x80 : UInt8(truncatingIfNeeded: value))
        default: bytes.append(next)
        }
      default:
        bytes.append(byte)
      }
    }
    return bytes
  }
}
