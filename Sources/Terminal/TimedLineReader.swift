#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from standard input like `LineReader`, but gives up when nothing at all
/// comes for `idleTimeout` (`--idle-timeout` in the line-by-line front end: a client that
/// connects and sends nothing does not hold a process forever).
///
/// It reads the descriptor itself, with no stdio buffer in between, so that waiting with
/// `poll` sees every byte that has come. Use one reader for all of a run's input.
public final class TimedLineReader {
  /// How long a read waits for the next byte before it gives up.
  public let idleTimeout: Duration
  /// True once a wait has run out: the read that returned nil did so for that.
  public private(set) var timedOut = false
  private var buffer: [UInt8] = []
  private var atEnd = false

  /// A reader whose reads give up after `idleTimeout` without input.
  public init(idleTimeout: Duration) {
    self.idleTimeout = idleTimeout
  }

  /// One line without its line break; nil at the end of input or when the time ran out.
  /// With `echo: false` on a terminal, what is typed is not shown (see `LineReader`). A
  /// line that cannot be taken is an empty answer: ``readAnswer(echo:)`` says why.
  public func readLine(echo: Bool) -> String? {
    readAnswer(echo: echo)?.textOrEmpty
  }

  /// One line, or why it cannot be taken (see `LineReader.readAnswer(echo:)`); nil at the
  /// end of input or when the time ran out.
  public func readAnswer(echo: Bool) -> InputLine? {
    guard !echo, isatty(STDIN_FILENO) == 1 else { return nextLine() }
    return LineReader.withEchoOff { nextLine() } ?? nil
  }

  private func nextLine() -> InputLine? {
    var deadline = ContinuousClock.now + idleTimeout
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let end = buffer.firstIndex(of: 0x0A) {
        var line = Array(buffer[..<end])
        buffer.removeFirst(end + 1)
        if line.last == 0x0D { line.removeLast() }
        return InputLine(bytes: line)
      }
      if atEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return InputLine(bytes: buffer)
      }
      let left = deadline - .now
      var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let status = poll(&ready, 1, left.pollMilliseconds)
      if status < 0 && errno == EINTR { continue }
      // A wait longer than poll(2) takes ends early: waited again until the deadline.
      if status == 0 && ContinuousClock.now < deadline { continue }
      if status == 0 {
        timedOut = true
        return nil
      }
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else {
        atEnd = true
        continue
      }
      buffer += chunk[0..<count]
      // A line keeps at most `LineReader.maximumLineBytes`; the rest is read and dropped.
      let end = buffer.firstIndex(of: 0x0A) ?? buffer.count
      if end > LineReader.maximumLineBytes {
        buffer.removeSubrange(LineReader.maximumLineBytes..<end)
      }
      // Input is coming: the idle time starts again.
      deadline = ContinuousClock.now + idleTimeout
    }
  }
}
