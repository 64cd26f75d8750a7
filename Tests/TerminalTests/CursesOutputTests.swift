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
}
