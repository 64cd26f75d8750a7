import Foundation
@_spi(Testing) import Terminal
import Testing

// Combining marks are bounded at input (UAX #15's Stream-Safe Text Format: at most 30 in a
// row), and nothing that came is silently changed: invalid UTF-8 and longer runs of marks
// are refused.

private let pasteStart = Array("\u{1B}[200~".utf8)
private let pasteEnd = Array("\u{1B}[201~".utf8)

/// `count` marks of alternating classes (acute 230, grave below 220): the order that
/// normalising sorts, with an insertion sort, in time that grows as the square of `count`.
private func alternatingMarks(_ count: Int) -> String {
  String(String.UnicodeScalarView((0..<count).map { $0 % 2 == 0 ? "\u{301}" : "\u{316}" }))
}

@Suite("Input: combining marks bounded, invalid UTF-8 refused")
struct StreamSafeInputTests {
  @Test("typed: the 31st mark in a row is refused, the 30 before it are typed")
  func typedMarks() {
    var decoder = InputDecoder()
    let events = decoder.decode(Array(("a" + alternatingMarks(31) + "b").utf8))
    #expect(
      events == [
        .text("a" + alternatingMarks(30)), .refused(.tooManyCombiningMarks), .text("b"),
      ])
  }

  @Test("typed one mark per read: the run is counted across reads")
  func typedAcrossReads() {
    var decoder = InputDecoder()
    var events = decoder.decode(Array("a".utf8))
    for _ in 0..<40 { events += decoder.decode(Array("\u{301}".utf8)) }
    let marks = events.reduce(0) { sum, event in
      guard case .text(let text) = event else { return sum }
      return sum + text.unicodeScalars.count(where: { $0 == "\u{301}" })
    }
    #expect(marks == 30)
    #expect(events.count(where: { $0 == .refused(.tooManyCombiningMarks) }) == 10)
  }

  @Test("a paste of 30 marks in a row is delivered; of 31, refused whole")
  func pastedMarks() {
    var decoder = InputDecoder()
    let fits = "x" + alternatingMarks(30) + "y"
    #expect(decoder.decode(pasteStart + Array(fits.utf8) + pasteEnd) == [.paste(fits)])
    let over = "x" + alternatingMarks(31) + "y"
    #expect(
      decoder.decode(pasteStart + Array(over.utf8) + pasteEnd) == [
        .refused(.tooManyCombiningMarks)
      ])
  }

  @Test("a 1 MiB paste of alternating marks: refused, with each byte examined a few times")
  func megabyteOfMarks() {
    var decoder = InputDecoder()
    let body = Array(("a" + alternatingMarks(InputDecoder.pasteCapacity / 2 - 1)).utf8)
    var events: [Event] = []
    var index = 0
    let bytes = pasteStart + body + pasteEnd
    while index < bytes.count {
      let end = min(bytes.count, index + 65536)
      events += decoder.decode(bytes[index..<end])
      index = end
    }
    #expect(events == [.refused(.tooManyCombiningMarks)])
    #expect(decoder.bytesExamined <= 3 * bytes.count)
  }

  @Test("a paste holding invalid UTF-8 is refused whole, never taken with U+FFFD")
  func pastedInvalid() {
    var decoder = InputDecoder()
    let events = decoder.decode(pasteStart + [0x61, 0xE9, 0x62] + pasteEnd)
    #expect(events == [.refused(.invalidUTF8)])
    // A real U+FFFD, sent as UTF-8, is text like any other.
    #expect(
      decoder.decode(pasteStart + Array("a\u{FFFD}b".utf8) + pasteEnd) == [.paste("a\u{FFFD}b")])
  }

  @Test("a Latin-1 terminal's é typed: refused, and the keys around it typed")
  func latin1Typed() {
    var decoder = InputDecoder()
    #expect(
      decoder.decode([0x61, 0xE9, 0x78]) + decoder.flush() == [
        .text("a"), .refused(.invalidUTF8), .text("x"),
      ])
  }

  @Test("a paste cut at its capacity inside a character: the cut character goes, not the paste")
  func cutAtCapacity() {
    var decoder = InputDecoder()
    // "é" is two bytes: the capacity falls between them.
    let body = [UInt8](repeating: 0x61, count: InputDecoder.pasteCapacity - 1) + [0xC3, 0xA9]
    let events = decoder.decode(pasteStart + body + pasteEnd)
    #expect(events.count == 1)
    guard case .paste(let text) = events.first else {
      Issue.record("not a paste: \(events.first.map { "\($0)" } ?? "nothing")")
      return
    }
    #expect(text.utf8.count == InputDecoder.pasteCapacity - 1)
  }

  @Test("lines: invalid UTF-8 and long runs of marks refused, the rest as sent")
  func lines() {
    #expect(InputLine(bytes: Array("Zq7vLm2pR".utf8)) == .text("Zq7vLm2pR"))
    #expect(InputLine(bytes: [0x61, 0xFF, 0x62]) == .refused(.invalidUTF8))
    #expect(InputLine(bytes: [0x61, 0xC3]) == .refused(.invalidUTF8))
    #expect(InputLine(bytes: Array("a\u{FFFD}".utf8)) == .text("a\u{FFFD}"))
    let fits = "e" + alternatingMarks(30)
    #expect(InputLine(bytes: Array(fits.utf8)) == .text(fits))
    #expect(
      InputLine(bytes: Array(("e" + alternatingMarks(31)).utf8)) == .refused(.tooManyCombiningMarks)
    )
    #expect(InputLine.refused(.invalidUTF8).textOrEmpty == "")
  }

  /// UAX #15 counts the marks that begin each character's NFKD decomposition; every
  /// character whose decomposition begins with one is counted here too (ICU decides,
  /// through Foundation, not a table of ours).
  @Test("every character whose NFKD begins with a mark counts as one")
  func leadingNonStarters() {
    var missed: [String] = []
    for value in UInt32(0x300)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
        scalar.properties.generalCategory != .privateUse
      else { continue }
      let decomposed = String(scalar).decomposedStringWithCompatibilityMapping
      guard let first = decomposed.unicodeScalars.first,
        first.properties.canonicalCombiningClass != .notReordered
      else { continue }
      if !CombiningRun.isNonStarter(scalar) { missed.append(String(value, radix: 16)) }
    }
    #expect(missed.isEmpty)
    #expect(!CombiningRun.isNonStarter("a"))
    #expect(!CombiningRun.isNonStarter("中"))
  }
}

/// Reads of standard input, with a pipe in its place for the test.
@Suite("Line readers: refusals", .serialized)
struct LineReaderRefusalTests {
  /// Runs `body` with standard input reading `bytes`, then puts standard input back.
  private func withStandardInput<T>(_ bytes: [UInt8], _ body: () -> T) -> T {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    _ = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    let saved = dup(STDIN_FILENO)
    dup2(fds[0], STDIN_FILENO)
    close(fds[0])
    defer {
      dup2(saved, STDIN_FILENO)
      close(saved)
    }
    return body()
  }

  private static let input: [UInt8] =
    Array("alice\n".utf8) + [0x70, 0xE4, 0x73, 0x73, 0x0A]
    + Array(("e" + alternatingMarks(31) + "\r\n").utf8) + Array("last".utf8)

  @Test("TimedLineReader: each line as sent, or why it is refused")
  func timed() {
    let lines = withStandardInput(Self.input) {
      let reader = TimedLineReader(idleTimeout: .seconds(5))
      return (0..<5).map { _ in reader.readAnswer(echo: true) }
    }
    #expect(
      lines == [
        .text("alice"), .refused(.invalidUTF8), .refused(.tooManyCombiningMarks), .text("last"),
        nil,
      ])
  }

  @Test("LineReader: the same, and readLine gives a refused line as an empty answer")
  func untimed() {
    let lines = withStandardInput(Self.input) {
      [LineReader.readAnswer(echo: true), LineReader.readAnswer(echo: true)]
        + [LineReader.readLine(echo: true).map(InputLine.text)]
        + [LineReader.readAnswer(echo: true), LineReader.readAnswer(echo: true)]
    }
    #expect(
      lines == [.text("alice"), .refused(.invalidUTF8), .text(""), .text("last"), nil])
  }
}
