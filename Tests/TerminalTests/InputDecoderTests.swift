import Terminal
import TestSupport
import Testing

// MARK: Helpers

private let esc = "\u{1B}"
private let pasteStart = "\u{1B}[200~"
private let pasteEnd = "\u{1B}[201~"

/// Decodes `string`'s UTF-8 bytes with a fresh decoder (no flush).
private func decode(_ string: String) -> [Event] {
  var decoder = InputDecoder()
  return decoder.decode(Array(string.utf8))
}

/// Decodes `bytes` with a fresh decoder, then flushes, and returns every event.
private func decodeAndFlush(_ bytes: [UInt8]) -> [Event] {
  var decoder = InputDecoder()
  return decoder.decode(bytes) + decoder.flush()
}

/// Feeds `chunks` one decode call each to one decoder and returns every event.
private func decode(chunks: [[UInt8]]) -> [Event] {
  var decoder = InputDecoder()
  return chunks.flatMap { decoder.decode($0) }
}

/// Feeds `string` one byte per decode call.
private func decodeBytewise(_ string: String) -> [Event] {
  decode(chunks: string.utf8.map { [$0] })
}

/// The text of `events` if all of them are `.text`, nil otherwise.
private func onlyText(_ events: [Event]) -> String? {
  var result = ""
  for event in events {
    guard case .text(let text) = event else { return nil }
    result += text
  }
  return result
}

// MARK: Text

@Suite("InputDecoder: text")
struct InputDecoderTextTests {
  @Test func printableASCIIIsOneTextEvent() {
    #expect(decode("Hello, world! ~123") == [.text("Hello, world! ~123")])
  }

  @Test func multiByteUTF8IsBatchedWithASCIIIntoOneTextEvent() {
    let typed = "aЖж中文한👍🏽e\u{301}z"
    #expect(decode(typed) == [.text(typed)])
  }

  @Test(arguments: ["é", "Ж", "中", "👍", "𝄞"])
  func characterSplitAcrossTwoDecodeCallsIsJoined(character: String) {
    let bytes = Array(character.utf8)
    for split in 1..<bytes.count {
      var decoder = InputDecoder()
      #expect(decoder.decode(bytes[..<split]) == [], "split at \(split)")
      #expect(decoder.hasPendingInput, "split at \(split)")
      #expect(decoder.decode(bytes[split...]) == [.text(character)], "split at \(split)")
      #expect(!decoder.hasPendingInput, "split at \(split)")
    }
  }

  @Test func textBeforeASplitCharacterIsDeliveredAtOnce() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("ab".utf8) + [0xE4, 0xB8]) == [.text("ab")])
    #expect(decoder.decode([0xAD]) == [.text("中")])
  }

  @Test(
    "Invalid UTF-8 is refused where it comes, never typed nor taken as U+FFFD",
    arguments: [
      ("lone 0xFF", [0x61, 0xFF, 0x62], "ab"),
      ("0xC3 then A", [0xC3, 0x41], "A"),
      ("overlong NUL", [0x61, 0xC0, 0x80, 0x62], "ab"),
      ("surrogate U+D800", [0x61, 0xED, 0xA0, 0x80, 0x62], "ab"),
      ("lone continuation", [0x80, 0x61, 0xBF], "a"),
      ("0xF5 lead", [0xF5, 0x80, 0x80, 0x80, 0x61], "a"),
    ] as [(String, [UInt8], String)])
  func invalidUTF8IsRefused(name: String, bytes: [UInt8], expected: String) {
    let events = decodeAndFlush(bytes)
    let typed = events.compactMap { event -> String? in
      if case .text(let text) = event { text } else { nil }
    }
    #expect(typed.joined() == expected, "\(name): \(events)")
    #expect(events.contains(.refused(.invalidUTF8)), "\(name): \(events)")
    #expect(events.count == typed.count + events.count(where: { $0 == .refused(.invalidUTF8) }))
    #expect(!events.contains(.text("\u{FFFD}")))
  }

  @Test func unfinishedCharacterIsRefusedByFlush() {
    var decoder = InputDecoder()
    #expect(decoder.decode([0x61, 0xE4, 0xB8]) == [.text("a")])
    #expect(decoder.flush() == [.refused(.invalidUTF8)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("b".utf8)) == [.text("b")])
  }
}

// MARK: Control bytes

@Suite("InputDecoder: control bytes")
struct InputDecoderControlTests {
  @Test(
    arguments: [
      (0x0D, Key(.enter)), (0x0A, Key(.enter)), (0x09, Key(.tab)),
      (0x7F, Key(.backspace)), (0x08, Key(.backspace)),
    ] as [(UInt8, Key)])
  func controlByteIsKey(byte: UInt8, key: Key) {
    #expect(decodeAndFlush([byte]) == [.key(key)])
  }

  @Test func ctrlCIsByte3() {
    #expect(decodeAndFlush([3]) == [.key(.control("c"))])
  }

  /// Ctrl-A ... Ctrl-Z, except the four that are Backspace, Tab and Enter.
  @Test(arguments: Array(UInt8(1)...26).filter { ![8, 9, 10, 13].contains($0) })
  func ctrlLetter(byte: UInt8) {
    let letter = Character(Unicode.Scalar(byte + 0x60))
    #expect(decodeAndFlush([byte]) == [.key(.control(letter))])
  }

  @Test func controlByteSplitsTextAroundIt() {
    #expect(decode("ab\rcd") == [.text("ab"), .key(Key(.enter)), .text("cd")])
  }
}

// MARK: Escape

@Suite("InputDecoder: Esc and Alt")
struct InputDecoderEscapeTests {
  @Test func loneEscWaitsForFlush() {
    var decoder = InputDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(!decoder.isReceivingPaste)
    #expect(decoder.flush() == [.key(Key(.escape))])
    #expect(!decoder.hasPendingInput)
  }

  @Test func flushWithNothingPendingGivesNothing() {
    var decoder = InputDecoder()
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("a".utf8)) == [.text("a")])
    #expect(decoder.flush() == [])
  }

  @Test(arguments: ["b", "f", "x", "B", "1", "."] as [Character])
  func escThenCharacterIsAlt(character: Character) {
    #expect(decode(esc + String(character)) == [.key(.alt(character))])
  }

  @Test func escThenCharacterInSeparateReadsIsAlt() {
    #expect(decode(chunks: [[0x1B], [UInt8(ascii: "b")]]) == [.key(.alt("b"))])
  }

  @Test func escThenDelIsAltBackspace() {
    #expect(decodeAndFlush([0x1B, 0x7F]) == [.key(Key(.backspace, .alt))])
  }

  @Test func textBeforeLoneEscIsNotHeldBack() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("ab\u{1B}".utf8)) == [.text("ab")])
    #expect(decoder.flush() == [.key(Key(.escape))])
  }
}

// MARK: Keys

@Suite("InputDecoder: CSI and SS3 keys")
struct InputDecoderKeyTests {
  static let keys: [(String, Key)] = [
    // Arrows, CSI and SS3.
    ("[A", Key(.up)), ("[B", Key(.down)), ("[C", Key(.right)), ("[D", Key(.left)),
    ("OA", Key(.up)), ("OB", Key(.down)), ("OC", Key(.right)), ("OD", Key(.left)),
    // Home and End in every form.
    ("[H", Key(.home)), ("[F", Key(.end)), ("OH", Key(.home)), ("OF", Key(.end)),
    ("[1~", Key(.home)), ("[4~", Key(.end)), ("[7~", Key(.home)), ("[8~", Key(.end)),
    // Editing and paging.
    ("[2~", Key(.insert)), ("[3~", Key(.delete)), ("[5~", Key(.pageUp)), ("[6~", Key(.pageDown)),
    // F1-F4 (SS3) and F5-F12.
    ("OP", Key(.function(1))), ("OQ", Key(.function(2))),
    ("OR", Key(.function(3))), ("OS", Key(.function(4))),
    ("[15~", Key(.function(5))), ("[17~", Key(.function(6))), ("[18~", Key(.function(7))),
    ("[19~", Key(.function(8))), ("[20~", Key(.function(9))), ("[21~", Key(.function(10))),
    ("[23~", Key(.function(11))), ("[24~", Key(.function(12))),
    // Modified keys.
    ("[1;5D", Key(.left, .control)), ("[1;5C", Key(.right, .control)),
    ("[1;2A", Key(.up, .shift)), ("[3;5~", Key(.delete, .control)),
    ("[1;3D", Key(.left, .alt)), ("[1;6C", Key(.right, [.shift, .control])),
    // Shift-Tab.
    ("[Z", Key(.tab, .shift)),
  ]

  @Test(arguments: keys)
  func sequenceIsKey(sequence: String, key: Key) {
    #expect(decode(esc + sequence) == [.key(key)])
  }

  @Test(arguments: keys)
  func sequenceIsConsumedExactly(sequence: String, key: Key) {
    #expect(decode("a" + esc + sequence + "b") == [.text("a"), .key(key), .text("b")])
  }

  @Test(arguments: keys)
  func sequenceFedOneByteAtATimeIsKey(sequence: String, key: Key) {
    #expect(decodeBytewise(esc + sequence) == [.key(key)])
  }

  @Test func f2InBothForms() {
    #expect(decode(esc + "OQ") == [.key(Key(.function(2)))])
    #expect(decode(esc + "[12~") == [.key(Key(.function(2)))])
  }

  @Test func keysBackToBack() {
    #expect(
      decode(esc + "[A" + esc + "OB" + esc + "[3~" + esc + "[Z")
        == [.key(Key(.up)), .key(Key(.down)), .key(Key(.delete)), .key(Key(.tab, .shift))])
  }
}

// MARK: Bracketed paste

@Suite("InputDecoder: bracketed paste")
struct InputDecoderPasteTests {
  @Test func pasteIsOneEventWithNewlinesAndTabsVerbatim() {
    let content = "line 1\nline 2\tcolumn\r\nend\r"
    #expect(decode(pasteStart + content + pasteEnd) == [.paste(content)])
  }

  @Test func keysInsideAPasteAreNotDecoded() {
    let content = "a\u{1B}[Ab\u{7F}\u{03}"
    #expect(decode(pasteStart + content + pasteEnd) == [.paste(content)])
  }

  @Test func unicodeInsideAPasteIsKept() {
    let content = "Жж 中文 👍🏽 👨‍👩‍👧 e\u{301}"
    #expect(decode(pasteStart + content + pasteEnd) == [.paste(content)])
  }

  @Test func pasteFedOneByteAtATimeIsOneEvent() {
    let content = "one\ntwo\tthree 中文 👍🏽"
    var decoder = InputDecoder()
    var events: [Event] = []
    for byte in (pasteStart + content).utf8 {
      events += decoder.decode([byte])
    }
    #expect(events == [])
    #expect(decoder.isReceivingPaste)
    #expect(decoder.hasPendingInput)
    for byte in pasteEnd.utf8 {
      events += decoder.decode([byte])
    }
    #expect(events == [.paste(content)])
    #expect(!decoder.isReceivingPaste)
    #expect(!decoder.hasPendingInput)
  }

  @Test(arguments: 1..<6)
  func endMarkerSplitInTheMiddle(split: Int) {
    let end = Array(pasteEnd.utf8)
    let events = decode(chunks: [
      Array((pasteStart + "abc").utf8) + end[..<split],
      Array(end[split...]) + Array("x".utf8),
    ])
    #expect(events == [.paste("abc"), .text("x")])
  }

  @Test(arguments: 1..<6)
  func startMarkerSplitInTheMiddle(split: Int) {
    let start = Array(pasteStart.utf8)
    let events = decode(chunks: [
      Array(start[..<split]),
      Array(start[split...]) + Array(("abc" + pasteEnd).utf8),
    ])
    #expect(events == [.paste("abc")])
  }

  @Test func partialEndMarkerThatIsNotTheEndStaysInThePaste() {
    let events = decode(chunks: [
      Array((pasteStart + "a\u{1B}[20").utf8),
      Array(("0b" + pasteEnd).utf8),
    ])
    #expect(events == [.paste("a\u{1B}[200b")])
  }

  @Test func megabytePasteInFourKilobyteChunksIsOneEvent() {
    let line = "The quick brown fox 中文 👍🏽 Жж\tend\n"
    var content = ""
    // As much as the paste capacity takes (a longer paste is cut there).
    while content.utf8.count + line.utf8.count <= InputDecoder.pasteCapacity { content += line }
    let bytes = Array((pasteStart + content + pasteEnd).utf8)
    var decoder = InputDecoder()
    var events: [Event] = []
    var index = 0
    while index < bytes.count {
      let end = min(bytes.count, index + 4096)
      events += decoder.decode(bytes[index..<end])
      index = end
    }
    #expect(events.count == 1)
    #expect(events.first == .paste(content))
    #expect(!decoder.hasPendingInput)
  }

  @Test func textBeforeAndAfterAPasteInOneBuffer() {
    #expect(
      decode("ab" + pasteStart + "x\ny" + pasteEnd + "cd")
        == [.text("ab"), .paste("x\ny"), .text("cd")])
  }

  @Test func keysBeforeAndAfterAPasteInOneBuffer() {
    #expect(
      decode(esc + "[A" + pasteStart + "p" + pasteEnd + "\r")
        == [.key(Key(.up)), .paste("p"), .key(Key(.enter))])
  }

  @Test func flushDuringAPasteEndsItWithWhatCame() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array((pasteStart + "abc").utf8)) == [])
    #expect(decoder.isReceivingPaste)
    #expect(decoder.flush() == [.paste("abc")])
    #expect(!decoder.isReceivingPaste)
    #expect(!decoder.hasPendingInput)
    // A late end marker is a sequence that means nothing.
    #expect(decoder.decode(Array(("def" + pasteEnd).utf8)) == [.text("def")])
  }

  @Test func flushWhileTheEndMarkerIsHalfThereEndsThePasteAndDropsTheHalf() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array((pasteStart + "abc\u{1B}[20").utf8)) == [])
    #expect(decoder.flush() == [.paste("abc")])
    #expect(decoder.decode(Array("1~".utf8)) == [.text("1~")])
    #expect(!decoder.hasPendingInput)
  }

  @Test func twoPastesInARow() {
    #expect(
      decode(pasteStart + "one" + pasteEnd + pasteStart + "two" + pasteEnd)
        == [.paste("one"), .paste("two")])
  }
}

// MARK: Mouse

@Suite("InputDecoder: SGR mouse")
struct InputDecoderMouseTests {
  @Test func leftPressIsZeroBased() {
    #expect(
      decode(esc + "[<0;10;5M") == [.mouse(MouseEvent(.left, .press, at: Point(x: 9, y: 4)))])
  }

  @Test func lowercaseMIsRelease() {
    #expect(
      decode(esc + "[<0;10;5m") == [.mouse(MouseEvent(.left, .release, at: Point(x: 9, y: 4)))])
  }

  @Test func topLeftCellIsOrigin() {
    #expect(decode(esc + "[<0;1;1M") == [.mouse(MouseEvent(.left, .press, at: .zero))])
  }

  @Test func coordinatesBeyond223() {
    #expect(
      decode(esc + "[<0;300;250M")
        == [.mouse(MouseEvent(.left, .press, at: Point(x: 299, y: 249)))])
  }

  @Test(
    arguments: [
      (0, MouseEvent.Button.left), (1, .middle), (2, .right), (64, .wheelUp), (65, .wheelDown),
    ] as [(Int, MouseEvent.Button)])
  func buttons(code: Int, button: MouseEvent.Button) {
    #expect(
      decode(esc + "[<\(code);3;4M") == [.mouse(MouseEvent(button, .press, at: Point(x: 2, y: 3)))]
    )
  }

  @Test func motionWithButtonIsDrag() {
    #expect(
      decode(esc + "[<32;3;4M") == [.mouse(MouseEvent(.left, .drag, at: Point(x: 2, y: 3)))])
  }

  @Test(
    arguments: [
      (4, Modifiers.shift), (8, .alt), (16, .control), (4 + 16, [.shift, .control]),
      (4 + 8 + 16, [.shift, .alt, .control]),
    ] as [(Int, Modifiers)])
  func modifierBits(bits: Int, modifiers: Modifiers) {
    #expect(
      decode(esc + "[<\(bits);3;4M")
        == [.mouse(MouseEvent(.left, .press, at: Point(x: 2, y: 3), modifiers: modifiers))])
  }

  @Test func wheelWithControl() {
    #expect(
      decode(esc + "[<\(65 + 16);1;2M")
        == [.mouse(MouseEvent(.wheelDown, .press, at: Point(x: 0, y: 1), modifiers: .control))])
  }

  @Test func mouseReportSplitAcrossReads() {
    #expect(
      decodeBytewise(esc + "[<0;10;5M") == [
        .mouse(MouseEvent(.left, .press, at: Point(x: 9, y: 4)))
      ]
    )
  }
}

// MARK: Unknown, truncated and garbage sequences

@Suite("InputDecoder: unknown and broken sequences")
struct InputDecoderNoiseTests {
  @Test(arguments: ["[?1;2c", "[I", "[O", "[>0;276;0c", "[99~", "[1;5X", "Oz"])
  func unknownSequenceIsDroppedAndTextAfterItKept(sequence: String) {
    let events = decode(esc + sequence + "abc")
    #expect(onlyText(events) == "abc", "\(events)")
  }

  @Test(arguments: ["[?1;2c", "[I", "[O"])
  func unknownSequenceBetweenTextKeepsBothSides(sequence: String) {
    let events = decode("ab" + esc + sequence + "cd")
    #expect(onlyText(events) == "abcd", "\(events)")
  }

  @Test(arguments: ["[1;5", "[<0;10", "[20", "[3"])
  func truncatedCSIWaitsThenFlushDropsIt(sequence: String) {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array((esc + sequence).utf8)) == [])
    #expect(decoder.hasPendingInput)
    let flushed = decoder.flush()
    #expect(flushed == [], "flush gave \(flushed)")
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("x".utf8)) == [.text("x")])
  }

  @Test func truncatedCSICompletedByTheNextReadIsAKey() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array((esc + "[1;5").utf8)) == [])
    #expect(decoder.decode(Array("D".utf8)) == [.key(Key(.left, .control))])
  }

  @Test func longGarbageCSIIsDropped() {
    let garbage = esc + "[" + String(repeating: "1;", count: 40) + "m"  // 80 parameter bytes
    let events = decode(garbage + "hello" + esc + "[A")
    #expect(events == [.text("hello"), .key(Key(.up))])
  }

  @Test func longGarbageCSIWithoutAFinalByteIsDropped() {
    let garbage = esc + "[" + String(repeating: "0;", count: 60)
    var decoder = InputDecoder()
    let events =
      decoder.decode(Array(garbage.utf8)) + decoder.decode(Array((esc + "[B").utf8))
      + decoder.flush()
    #expect(events == [.key(Key(.down))])
  }
}

// MARK: Robustness

@Suite("InputDecoder: random bytes")
struct InputDecoderRandomTests {
  /// Bytes that make escape sequences, pastes and UTF-8 likely, mixed with uniform noise.
  static let interesting: [UInt8] =
    [
      0x1B, 0x1B, 0x1B, 0x0D, 0x7F, 0x03, 0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x91, 0x8D,
      0xC2, 0x85,
    ]
    + Array("[[[O<;;~~0112259MmAZH".utf8)

  /// Whole sequences, so that pastes, keys and mouse reports start and end now and then.
  static let pieces: [[UInt8]] = [
    pasteStart, pasteEnd, "\u{1B}[A", "\u{1B}[<0;10;5M", "\u{1B}[1;5D",
  ]
  .map { Array($0.utf8) }

  /// Up to 200 bytes: half uniform noise, half bytes from `interesting`, and now and then a
  /// whole sequence from `pieces`.
  fileprivate static func randomInput(_ generator: inout SeededGenerator) -> [UInt8] {
    let length = Int.random(in: 0...200, using: &generator)
    var bytes: [UInt8] = []
    while bytes.count < length {
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<50: bytes.append(UInt8.random(in: 0...255, using: &generator))
      case 50..<97: bytes.append(interesting.randomElement(using: &generator)!)
      default: bytes += pieces.randomElement(using: &generator)!
      }
    }
    return Array(bytes.prefix(length))
  }

  fileprivate static func randomChunks(_ bytes: [UInt8], _ generator: inout SeededGenerator)
    -> [[UInt8]]
  {
    var chunks: [[UInt8]] = []
    var index = 0
    while index < bytes.count {
      let end = min(bytes.count, index + Int.random(in: 1...16, using: &generator))
      chunks.append(Array(bytes[index..<end]))
      index = end
    }
    return chunks
  }

  static func problems(in events: [Event]) -> [String] {
    var problems: [String] = []
    for event in events {
      guard case .text(let text) = event else { continue }
      if text.isEmpty { problems.append("empty text event") }
      for scalar in text.unicodeScalars {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFD {
          problems.append("text \(text.debugDescription) has U+\(String(value, radix: 16))")
        }
      }
    }
    return problems
  }

  /// Adjacent `.text` events joined, and adjacent equal refusals made one, since how text
  /// is batched depends on the reads.
  static func joiningText(_ events: [Event]) -> [Event] {
    var result: [Event] = []
    for event in events {
      if case .text(let text) = event, case .text(let previous)? = result.last {
        result[result.count - 1] = .text(previous + text)
      } else if case .refused = event, event == result.last {
        // One refusal stands for a run of refused bytes, however the reads cut it.
        continue
      } else {
        result.append(event)
      }
    }
    return result
  }

  @Test func howBytesAreSplitIntoReadsDoesNotChangeTheEvents() {
    var generator = SeededGenerator(seed: 0xC0FF_EE00)
    var failures: [String] = []
    for run in 0..<2_000 {
      let input = Self.randomInput(&generator)
      var whole = InputDecoder()
      let wholeEvents = whole.decode(input) + whole.flush()
      var chunked = InputDecoder()
      var chunkedEvents: [Event] = []
      for chunk in Self.randomChunks(input, &generator) {
        chunkedEvents += chunked.decode(chunk)
      }
      chunkedEvents += chunked.flush()
      if Self.joiningText(wholeEvents) != Self.joiningText(chunkedEvents) {
        failures.append("run \(run): \(input): \(wholeEvents) vs \(chunkedEvents)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) runs differ; first: \(failures.first ?? "")")
  }

  @Test func randomBytesNeverCrashAndTextIsClean() {
    var generator = SeededGenerator(seed: 0x5EED_2024)
    for run in 0..<2_000 {
      let input = Self.randomInput(&generator)

      var whole = InputDecoder()
      let wholeEvents = whole.decode(input) + whole.flush()
      #expect(!whole.hasPendingInput || whole.isReceivingPaste, "run \(run): \(input)")

      var chunked = InputDecoder()
      var chunkedEvents: [Event] = []
      for chunk in Self.randomChunks(input, &generator) {
        chunkedEvents += chunked.decode(chunk)
      }
      chunkedEvents += chunked.flush()

      let problems = Self.problems(in: wholeEvents) + Self.problems(in: chunkedEvents)
      #expect(problems.isEmpty, "run \(run): \(input): \(problems.prefix(5))")
    }
  }
}
