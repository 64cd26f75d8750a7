@_spi(Testing) import Terminal
import TestSupport
import Testing

extension FuzzTests {
  /// Pieces of real sequences, cut or whole, mixed with the hostile ones.
  static let sequencePieces: [[UInt8]] = [
    Array("\u{1B}[".utf8), Array("\u{1B}O".utf8), Array("\u{1B}[200~".utf8),
    Array("\u{1B}[201~".utf8), Array("\u{1B}[<0;10;5M".utf8), Array("\u{1B}[1;5D".utf8),
    Array("Жж中👍🏽".utf8), [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0xED, 0xA0, 0x80], [0x1B],
    [0x00], [0x7F], Array("abc".utf8),
  ]

  /// What must hold of one sequence of bytes fed in random reads; nil when all is well.
  static func decoderViolation(_ bytes: [UInt8], _ random: inout SeededGenerator) -> String? {
    var decoder = InputDecoder()
    var events: [Event] = []
    var largest = 0
    var index = 0
    while index < bytes.count {
      let read = Bool.random(using: &random) ? 8 : 65_536
      let end = min(bytes.count, index + Int.random(in: 1...read, using: &random))
      events += decoder.decode(bytes[index..<end])
      largest = max(largest, decoder.bufferedByteCount)
      index = end
      if Int.random(in: 0..<5, using: &random) == 0 { events += decoder.flush() }
    }
    events += decoder.flush()
    if largest > InputDecoder.maximumBufferedBytes { return "held \(largest) bytes" }
    if decoder.hasPendingInput { return "bytes still held after a pause" }
    // Linear: each byte looked at a bounded number of times, however the reads fall.
    if decoder.bytesExamined > 10 * bytes.count + 64 {
      return "\(decoder.bytesExamined) bytes examined for \(bytes.count)"
    }
    for event in events {
      switch event {
      case .text(let text):
        if text.unicodeScalars.contains(where: { TextWidth.isControl($0) || $0 == "\u{FFFD}" }) {
          return "control or U+FFFD in text \(text.debugDescription)"
        }
      case .paste(let text) where text.utf8.count > InputDecoder.pasteCapacity:
        return "a paste of \(text.utf8.count) bytes"
      case .mouse(let mouse):
        let range = 0..<InputDecoder.maximumParameter
        if !range.contains(mouse.position.x) || !range.contains(mouse.position.y) {
          return "a mouse report at \(mouse.position)"
        }
      default:
        break
      }
    }
    // After a pause, Ctrl-C is Ctrl-C, whatever came before.
    let after = decoder.decode([0x03])
    if after != [.key(.control("c"))] { return "Ctrl-C after a pause gave \(after)" }
    // Without a pause too: pressed at once after everything, it is still a Ctrl-C (after a
    // lone Esc, Alt-Ctrl-C), once input pauses.
    var direct = InputDecoder()
    let last = (direct.decode(bytes + [0x03]) + direct.flush()).last
    guard case .key(let key)? = last, key.code == .character("c"), key.modifiers.contains(.control)
    else {
      return "Ctrl-C right after the bytes gave \(String(describing: last)) last"
    }
    return nil
  }

  @Test("random and hostile bytes into the input decoder, in random reads")
  func decoder() {
    for seed in FuzzSettings.seeds {
      var random = SeededGenerator(seed: seed)
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.append(UInt8.random(in: 0...255, using: &random))
        case 1: bytes += Self.sequencePieces.randomElement(using: &random)!
        default: bytes += HostileBytes.piece(&random)
        }
      }
      // One sequence in 100 carries one of the largest pastes.
      if seed % 100 == 0 {
        bytes.insert(
          contentsOf: HostileBytes.largestPaste(&random),
          at: Int.random(in: 0...bytes.count, using: &random))
      }
      if let problem = Self.decoderViolation(bytes, &random) {
        print("fuzz: decoder seed \(seed) failed: \(problem)")
        Issue.record("decoder seed \(seed): \(problem)")
        return
      }
    }
  }
}
