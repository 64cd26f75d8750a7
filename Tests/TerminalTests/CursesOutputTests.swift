import CNcurses
import Glibc
import Testing

@testable import Terminal

/// ncurses itself, headless: its output goes to a socket where one `write` is one message.
@Suite("CursesOutput: real ncurses", .serialized)
struct CursesOutputTests {
  /// ncurses on one end of a SOCK_SEQPACKET pair; what it writes is read from the other.
  final class Capture {
    let output: CursesOutput
    private let reader: Int32

    init(type: String = "xterm-256color") {
      setlocale(LC_ALL, "C.UTF-8")
      var ends: [Int32] = [0, 0]
      precondition(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
      reader = ends[1]
      _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
      output = CursesOutput(descriptor: ends[0], terminalType: type)!
      Glibc.close(ends[0])
    }

    /// The writes made since the last call, one element each.
    func writes() -> [[UInt8]] {
      var result: [[UInt8]] = []
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = recv(reader, &buffer, buffer.count, 0)
        if count <= 0 { return result }
        result.append(Array(buffer[..<count]))
      }
    }

    /// The code points, attributes and colour pair of the cell at `x`, `y` in ncurses' buffer.
    func cell(x: Int, y: Int) -> (scalars: [UInt32], attributes: attr_t, pair: Int16) {
      var cell = cchar_t()
      _ = mvwin_wch(output.window, Int32(y), Int32(x), &cell)
      var scalars = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
      var attributes = attr_t()
      var pair: Int16 = 0
      _ = getcchar(&cell, &scalars, &attributes, &pair, nil)
      return (scalars.prefix { $0 != 0 }.map { UInt32(bitPattern: $0) }, attributes, pair)
    }

    /// The cells of row `y` from `x`, `count` of them.
    func cells(x: Int, y: Int, count: Int) -> [[UInt32]] {
      (x..<x + count).map { cell(x: $0, y: y).scalars }
    }

    deinit {
      output.close()
      Glibc.close(reader)
    }
  }

  @Test("a frame that changes cells far apart is sent in one write")
  func oneWriteAFrame() {
    let capture = Capture()
    _ = capture.writes()
    for (row, text) in ["Login", "Password", "Confirm"].enumerated() {
      capture.output.draw(text, at: Point(x: 4 + row * 7, y: 2 + row * 5), style: .plain)
    }
    capture.output.send()
    #expect(capture.writes().count == 1)
    capture.output.draw("é", at: Point(x: 1, y: 1), style: .plain)
    capture.output.draw("x", at: Point(x: 70, y: 20), style: .plain)
    capture.output.send()
    #expect(capture.writes().count == 1)
  }

  @Test("a struck-through text is made into cells from its bytes, the cells grapheme by grapheme")
  func markedASCIICells() {
    let capture = Capture()
    let texts = [
      "At least 8 characters".struckThrough,
      "a" + String(repeating: "\u{301}", count: 6) + "b\u{300}\u{36F}",
    ]
    for (row, text) in texts.enumerated() {
      let before = capture.output.graphemeCells
      capture.output.draw(text, at: Point(x: 0, y: row * 2), style: Style(.bold))
      #expect(capture.output.graphemeCells == before)
      // A first grapheme outside ASCII takes the text grapheme by grapheme.
      capture.output.draw("é" + text, at: Point(x: 0, y: row * 2 + 1), style: Style(.bold))
      #expect(capture.output.graphemeCells > before)
      let columns = TextWidth.columns(of: text)
      let bytewise = capture.cells(x: 0, y: row * 2, count: columns)
      #expect(bytewise == capture.cells(x: 1, y: row * 2 + 1, count: columns))
      #expect(
        capture.cell(x: 0, y: row * 2).attributes == capture.cell(x: 1, y: row * 2 + 1).attributes)
    }
    #expect(capture.cells(x: 0, y: 0, count: 2) == [[0x41, 0x336], [0x74, 0x336]])
    // A cell keeps five code points: the letter and four of its six marks.
    #expect(capture.cell(x: 0, y: 2).scalars == [0x61] + Array(repeating: 0x301, count: 4))
  }

  @Test("plain ASCII is drawn from its bytes as the same cells, style and colour as one by one")
  func plainASCIICells() {
    let capture = Capture()
    capture.output.colors = true
    let width = capture.output.size.width
    let style = Style([.bold, .underline], foreground: .green)
    capture.output.draw("Login is free", at: Point(x: 0, y: 0), style: style)
    // A first grapheme outside ASCII takes the text grapheme by grapheme.
    capture.output.draw("é" + "Login is free", at: Point(x: 0, y: 1), style: style)
    for x in 0..<13 {
      let (bytewise, onebyone) = (capture.cell(x: x, y: 0), capture.cell(x: x + 1, y: 1))
      #expect(bytewise.scalars == onebyone.scalars)
      #expect(bytewise.attributes == onebyone.attributes)
      #expect(bytewise.pair == onebyone.pair && bytewise.pair == 3)
    }
    #expect(capture.cell(x: 13, y: 0).scalars == [0x20])
    // Cut at both edges, never wrapped to the next row.
    capture.output.draw("abcdef", at: Point(x: -2, y: 3), style: .plain)
    capture.output.draw("uvwxyz", at: Point(x: width - 3, y: 3), style: .plain)
    #expect(capture.cells(x: 0, y: 3, count: 5) == [[0x63], [0x64], [0x65], [0x66], [0x20]])
    #expect(capture.cells(x: width - 3, y: 3, count: 3) == [[0x75], [0x76], [0x77]])
    #expect(capture.cell(x: 0, y: 4).scalars == [0x20])
  }

  @Test("a control byte never reaches a cell through the ASCII path: only 0x20-0x7E take it")
  func controlBytesNotCopied() {
    let capture = Capture()
    for (row, control) in ["\u{1B}", "\u{0}", "\u{7F}", "\u{9B}", "\r"].enumerated() {
      let before = capture.output.graphemeCells
      capture.output.draw("a" + control + "[31mb", at: Point(x: 0, y: row), style: .plain)
      #expect(capture.output.graphemeCells > before, "not drawn from its bytes")
      let scalars = (0..<8).flatMap { capture.cell(x: $0, y: row).scalars }
      #expect(!scalars.contains(control.unicodeScalars.first!.value), "\(scalars)")
    }
  }

  @Test("a struck-through text is cut at the right edge, not wrapped")
  func markedASCIIIsCut() {
    let capture = Capture()
    let width = capture.output.size.width
    capture.output.draw("abcdef".struckThrough, at: Point(x: width - 3, y: 4), style: .plain)
    #expect(
      capture.cells(x: width - 3, y: 4, count: 3) == [
        [0x61, 0x336], [0x62, 0x336], [0x63, 0x336],
      ])
    #expect(capture.cell(x: 0, y: 5).scalars == [0x20])
  }

  @Test("a run of one code point is drawn as one, its cells as grapheme by grapheme")
  func runCells() {
    let capture = Capture()
    for (row, text) in ["•••••", "▰▰▰", "·"].enumerated() {
      let before = capture.output.graphemeCells
      capture.output.draw(text, at: Point(x: 0, y: row * 2), style: Style(.bold))
      #expect(capture.output.graphemeCells == before)
      capture.output.draw("é" + text, at: Point(x: 0, y: row * 2 + 1), style: Style(.bold))
      let count = text.unicodeScalars.count
      #expect(
        capture.cells(x: 0, y: row * 2, count: count)
          == capture.cells(x: 1, y: row * 2 + 1, count: count))
      #expect(capture.cells(x: count, y: row * 2, count: 1) == [[0x20]])
    }
    // Cut at the right edge.
    let width = capture.output.size.width
    capture.output.draw(
      String(repeating: "•", count: 5), at: Point(x: width - 2, y: 8), style: .plain)
    #expect(capture.cells(x: width - 2, y: 8, count: 2) == [[0x2022], [0x2022]])
    #expect(capture.cell(x: 0, y: 9).scalars == [0x20])
  }

  @Test("a code point that joins the next (U+0600, a prefix) is not drawn as a run")
  func joiningRunIsGraphemes() {
    let capture = Capture()
    let before = capture.output.graphemeCells
    capture.output.draw("\u{600}\u{600}", at: Point(x: 0, y: 0), style: .plain)
    #expect(capture.output.graphemeCells > before)
  }
}
