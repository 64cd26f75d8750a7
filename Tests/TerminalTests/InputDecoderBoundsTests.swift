@_spi(Testing) import Terminal
import Testing

// Input that never ends, and numbers too large for anything: what the decoder holds stays
// under its cap, each byte is looked at a bounded number of times, and Ctrl-C gets through.

private let pasteStart = Array("\u{1B}[200~".utf8)
private let pasteEnd = Array("\u{1B}[201~".utf8)
private let ctrlC = Event.key(.control("c"))

/// Events in a few words: a megabyte paste that fails a test is not printed whole.
private func summary(_ events: [Event]) -> [String] {
  events.map { event in
    guard case .paste(let text) = event else { return "\(event)" }
    let kinds = Set(text.unicodeScalars).sorted().prefix(4).map { String($0) }.joined()
    return "paste of \(text.utf8.count) bytes of \(kinds.debugDescription)"
  }
}

/// Feeds `bytes` in pieces of `chunk` bytes, checking the cap after every piece.
private func feed(
  _ bytes: [UInt8], chunk: Int, to decoder: inout InputDecoder,
  sourceLocation: SourceLocation = #_sourceLocation
) -> [Event] {
  var events: [Event] = []
  var largest = 0
  var index = 0
  while index < bytes.count {
    let end = min(bytes.count, index + chunk)
    events += decoder.decode(bytes[index..<end])
    largest = max(largest, decoder.bufferedByteCount)
    index = end
  }
  #expect(
    largest <= InputDecoder.maximumBufferedBytes, "held \(largest) bytes",
    sourceLocation: sourceLocation)
  return events
}

@Suite("InputDecoder: a paste that never ends")
struct InputDecoderEndlessPasteTests {
  @Test("2 MiB with no end marker: held bytes stay under the cap, the paste comes at the cap")
  func twoMebibytesWithoutAnEnd() {
    var decoder = InputDecoder()
    let data = [UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20)
    let events = feed(pasteStart + data, chunk: 65_536, to: &decoder)
    #expect(summary(events) == ["paste of \(InputDecoder.pasteCapacity) bytes of \"x\""])
    #expect(decoder.bufferedByteCount < 64, "what exceeds the cap is dropped, not kept")
    #expect(decoder.isReceivingPaste, "the rest is the paste's until its end or a pause")
  }

  @Test("what exceeds the cap is dropped up to the end marker; typing after it is text")
  func restDroppedUpToTheEnd() {
    var decoder = InputDecoder()
    let data = [UInt8](repeating: UInt8(ascii: "y"), count: InputDecoder.pasteCapacity + 1000)
    let events = feed(pasteStart + data + pasteEnd + Array("ok".utf8), chunk: 4096, to: &decoder)
    #expect(
      summary(events) == [
        "paste of \(InputDecoder.pasteCapacity) bytes of \"y\"", "\(Event.text("ok"))",
      ])
    #expect(!decoder.hasPendingInput)
  }

  @Test("a pause ends an unfinished paste with what came; Ctrl-C then works")
  func pauseEndsThePaste() {
    var decoder = InputDecoder()
    #expect(decoder.decode(pasteStart + Array("abc".utf8)) == [])
    #expect(decoder.flush() == [.paste("abc")])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode([0x03]) == [ctrlC])
  }

  @Test("after a pasted megabyte that never ends, a pause, then Ctrl-C")
  func ctrlCAfterTheCap() {
    var decoder = InputDecoder()
    let data = [UInt8](repeating: UInt8(ascii: "z"), count: 3 << 19)
    _ = feed(pasteStart + data, chunk: 65_536, to: &decoder)
    #expect(decoder.flush() == [], "the paste came at the cap")
    #expect(decoder.decode([0x03]) == [ctrlC])
  }

  @Test("Ctrl-C and Esc pressed at the end of a paste that never ends act after the pause")
  func keysAtTheEnd() {
    var decoder = InputDecoder()
    #expect(decoder.decode(pasteStart + Array("abc".utf8) + [0x03]) == [])
    #expect(decoder.flush() == [.paste("abc"), ctrlC])

    var escaping = InputDecoder()
    #expect(escaping.decode(pasteStart + Array("abc".utf8) + [0x1B]) == [])
    #expect(escaping.flush() == [.paste("abc"), .key(Key(.escape))])

    var beyondCap = InputDecoder()
    let data = [UInt8](repeating: UInt8(ascii: "z"), count: InputDecoder.pasteCapacity + 10)
    _ = feed(pasteStart + data + [0x03, 0x03], chunk: 65_536, to: &beyondCap)
    #expect(beyondCap.flush() == [ctrlC, ctrlC])
  }

  @Test("inside a paste Ctrl-C is data: followed by more of the paste, it is pasted")
  func ctrlCInsideIsData() {
    var decoder = InputDecoder()
    #expect(decoder.decode(pasteStart + Array("a\u{3}b".utf8)) == [])
    #expect(decoder.flush() == [.paste("a\u{3}b")])
    #expect(decode(pasteStart + Array("a\u{3}".utf8) + pasteEnd) == [.paste("a\u{3}")])
  }

  private func decode(_ bytes: [UInt8]) -> [Event] {
    var decoder = InputDecoder()
    return decoder.decode(bytes)
  }
}

@Suite("InputDecoder: sequences that never end")
struct InputDecoderEndlessSequenceTests {
  /// Bytes fed one per read, the worst case for a decoder that scans again from the start.
  static let length = 8_000

  @Test("a CSI that never ends: bounded, linear, and a key after it still works")
  func endlessCSI() {
    var decoder = InputDecoder()
    let garbage =
      Array("\u{1B}[".utf8)
      + Array(repeating: Array("1;".utf8), count: Self.length / 2).flatMap { $0 }
    let events = feed(garbage, chunk: 1, to: &decoder)
    #expect(events == [])
    #expect(decoder.bufferedByteCount <= InputDecoder.maximumSequenceLength)
    #expect(
      decoder.bytesExamined <= 3 * garbage.count,
      "\(decoder.bytesExamined) bytes examined for \(garbage.count)")
    #expect(decoder.decode(Array("\u{1B}[B".utf8)) == [.key(Key(.down))])
  }

  @Test(
    "a control byte right after the start of a sequence is still its key",
    arguments: ["\u{1B}O", "\u{1B}[", "\u{1B}[1;", "\u{1B}]", "\u{1B}P"])
  func controlByteAfterAStart(start: String) {
    var decoder = InputDecoder()
    let events = decoder.decode(Array(start.utf8) + [0x03]) + decoder.flush()
    #expect(events.last == ctrlC, "\(events)")
  }

  @Test("Ctrl-C ends a CSI that never ends, and is Ctrl-C")
  func ctrlCEndsACSI() {
    var decoder = InputDecoder()
    let garbage = Array("\u{1B}[".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: 500)
    #expect(feed(garbage + [0x03], chunk: 7, to: &decoder) == [ctrlC])
  }

  @Test(
    "an OSC, DCS or other control string that never ends: bounded, linear, its text dropped",
    arguments: ["]", "P", "X", "^", "_"])
  func endlessControlString(introducer: String) {
    var decoder = InputDecoder()
    let garbage =
      Array("\u{1B}\(introducer)".utf8)
      + [UInt8](repeating: UInt8(ascii: "a"), count: Self.length)
    let events = feed(garbage, chunk: 1, to: &decoder)
    #expect(events.isEmpty, "\(events.count) events, first \(events.prefix(3))")
    #expect(decoder.bufferedByteCount <= InputDecoder.maximumSequenceLength)
    #expect(decoder.bytesExamined <= 3 * garbage.count)
    #expect(decoder.decode([0x03]) == [ctrlC], "a control byte ends the string and acts")
  }

  @Test(
    "control strings end at BEL or ST, and what follows is decoded",
    arguments: [
      "\u{1B}]11;rgb:0000/0000/0000\u{7}", "\u{1B}]52;c;aGVsbG8=\u{1B}\\",
      "\u{1B}P1+r544e=787465726d\u{1B}\\", "\u{1B}_Gi=1;OK\u{1B}\\",
    ])
  func controlStringEnds(sequence: String) {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array((sequence + "ok").utf8)) == [.text("ok")])
    var bytewise = InputDecoder()
    let events = feed(Array((sequence + "ok").utf8), chunk: 1, to: &bytewise)
    #expect(events == [.text("o"), .text("k")])
  }

  @Test("a pause ends a control string; alone, its introducer is an Alt key")
  func pauseEndsAControlString() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("\u{1B}]0;title".utf8)) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("a".utf8)) == [.text("a")])
    var alone = InputDecoder()
    #expect(alone.decode(Array("\u{1B}P".utf8)) == [])
    #expect(alone.flush() == [.key(.alt("P"))])
  }
}

@Suite("InputDecoder: numbers from the terminal")
struct InputDecoderNumberTests {
  static let largest = InputDecoder.maximumParameter

  @Test(
    "mouse coordinates are clamped where they are parsed",
    arguments: [
      "99999999999", "9223372036854775807", "9223372036854775808",
      // Two of these make the report 57 bytes long, under the sequence cap.
      "9999999999999999999999999",
    ])
  func hugeCoordinatesAreClamped(number: String) {
    var decoder = InputDecoder()
    #expect(
      decoder.decode(Array("\u{1B}[<0;\(number);\(number)M".utf8))
        == [.mouse(MouseEvent(.left, .press, at: Point(x: Self.largest - 1, y: Self.largest - 1)))])
    #expect(
      decoder.decode(Array("\u{1B}[<0;7;\(number)m".utf8))
        == [.mouse(MouseEvent(.left, .release, at: Point(x: 6, y: Self.largest - 1)))])
  }

  @Test(
    "a number that is not one (a sign, nothing, zero) makes no mouse report",
    arguments: ["-1", "-9223372036854775808", "", "0", "1-", "+5"])
  func malformedCoordinatesAreDropped(number: String) {
    var decoder = InputDecoder()
    let events = decoder.decode(Array("\u{1B}[<0;\(number);3Mok".utf8))
    #expect(events == [.text("ok")])
  }

  @Test("a report longer than the sequence cap is dropped whole, text after it kept")
  func overlongReport() {
    var decoder = InputDecoder()
    let number = String(repeating: "9", count: 40)
    #expect(decoder.decode(Array("\u{1B}[<0;\(number);\(number)Mok".utf8)) == [.text("ok")])
  }

  @Test("a huge button code is clamped, not trapped on")
  func hugeButtonCode() {
    var decoder = InputDecoder()
    let events = decoder.decode(Array("\u{1B}[<99999999999999999999999;3;4M".utf8))
    #expect(events.count == 1)
    guard case .mouse(let mouse)? = events.first else { return }
    #expect(mouse.position == Point(x: 2, y: 3))
  }

  @Test(
    "huge key codes and modifiers are no key",
    arguments: [
      "[99999999999999999999~", "[1;99999999999999999999D", "[9223372036854775807;5~",
      "[1;-9223372036854775808C", "[3;18446744073709551617~", "[200;99999999999999999999~",
    ])
  func hugeKeyParameters(sequence: String) {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("\u{1B}\(sequence)ok".utf8)) == [.text("ok")])
  }

  @Test("a modifier that comes out of the clamp is still a modifier")
  func modifiersSurviveClamping() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("\u{1B}[1;00005D".utf8)) == [.key(Key(.left, .control))])
  }
}
