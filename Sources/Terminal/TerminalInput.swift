import CSignals
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the terminal sends, and what else ends a wait: bytes from the tty decoded into
/// events, signals forwarded through a self-pipe, and wakes from other threads.
///
/// It waits in `poll` on the tty and the pipe, never spinning. Output is not its business:
/// `CursesScreen` acts on the signals it reports (a resize, a suspension).
final class TerminalInput {
  /// What one wait brought.
  struct Arrival {
    /// Events decoded from the terminal's bytes.
    var events: [Event] = []
    /// Signals that came, in order.
    var signals: [Int32] = []
    /// The waker was called.
    var woken = false
  }

  /// The signals forwarded to the pipe while the input is open.
  static let forwardedSignals: [Int32] = [
    SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT,
  ]
  /// A lone Esc is the Esc key when nothing follows within this time.
  private static let escapeDelay = Duration.milliseconds(25)
  /// A bracketed paste without its end marker ends when nothing comes for this long.
  private static let pastePause = Duration.milliseconds(100)

  private let tty: Int32
  private let signalPipe: (read: Int32, write: Int32)
  /// The pipe's write end for wakers on other threads.
  private let wakeDescriptor: WakeDescriptor
  private var decoder = InputDecoder()
  /// When the bytes now held by the decoder (a lone Esc, say) arrived.
  private var pendingSince: ContinuousClock.Instant?
  /// When the terminal last sent anything: a paste ends when input pauses after it.
  private var lastInput = ContinuousClock.now
  private var readBuffer = [UInt8](repeating: 0, count: 65536)
  /// The terminal went away (and it was said): from then on only signals, the waker and
  /// timers are waited for, or every wait would end at once (a hung-up tty always polls
  /// ready) while the program waits for an account being written.
  private var inputEnded = false

  /// Reads `tty`, which stays the caller's to close. The signals are forwarded from now on:
  /// installed before ncurses starts, so it leaves them to us.
  init(tty: Int32) throws(TerminalError) {
    self.tty = tty
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .noTerminal(reason: String(cString: strerror(errno))) }
    signalPipe = (fds[0], fds[1])
    wakeDescriptor = WakeDescriptor(fds[1])
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    guard forward(Self.forwardedSignals) else {
      let reason = String(cString: strerror(errno))
      close()
      throw .noTerminal(reason: reason)
    }
  }

  /// Gives the signals back their default actions and closes the pipe.
  func close() {
    csignals_restore_defaults(Self.forwardedSignals, Int32(Self.forwardedSignals.count))
    wakeDescriptor.close()
    Glibc.close(signalPipe.read)
  }

  /// Sends `signals` to the pipe (again, after a suspension gave SIGTSTP its default).
  @discardableResult
  func forward(_ signals: [Int32]) -> Bool {
    csignals_forward(signalPipe.write, signals, Int32(signals.count)) == 0
  }

  /// Writes a zero byte (no signal has number 0) to the signal pipe.
  var waker: Waker {
    let descriptor = wakeDescriptor
    return Waker { descriptor.wake() }
  }

  /// Waits once, until something arrives or `deadline` (or the held input's own deadline)
  /// passes; the arrival may be empty.
  func wait(until deadline: ContinuousClock.Instant?) -> Arrival {
    let heldUntil = heldInputDeadline
    let wakeAt = [deadline, heldUntil].compactMap { $0 }.min()
    var fds = [
      pollfd(fd: inputEnded ? -1 : tty, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds = wakeAt.map { ($0 - .now).pollMilliseconds } ?? -1
    var arrival = Arrival()
    if poll(&fds, 2, milliseconds) < 0 {
      if errno != EINTR { arrival.events = endOfInput() }
      return arrival
    }
    if fds[1].revents & Int16(POLLIN) != 0 { readSignals(into: &arrival) }
    if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      let count = read(tty, &readBuffer, readBuffer.count)
      if count > 0 {
        lastInput = .now
        arrival.events = decoder.decode(readBuffer[0..<count])
        pendingSince = decoder.hasPendingInput ? (pendingSince ?? .now) : nil
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        arrival.events = endOfInput()
      }
    } else if let heldUntil, heldUntil <= .now {
      // Only once poll has seen the terminal quiet: time spent drawing is not a pause.
      pendingSince = nil
      arrival.events = decoder.flush()
    }
    return arrival
  }

  /// `.endOfInput` the first time; nothing after that.
  private func endOfInput() -> [Event] {
    defer { inputEnded = true }
    return inputEnded ? [] : [.endOfInput]
  }

  /// When the bytes the decoder holds mean what they say alone: 25 ms after they came (a
  /// lone Esc, a cut sequence), or for a paste 100 ms after the terminal last sent anything.
  private var heldInputDeadline: ContinuousClock.Instant? {
    guard decoder.hasPendingInput else { return nil }
    if decoder.isReceivingPaste { return lastInput + Self.pastePause }
    return (pendingSince ?? .now) + Self.escapeDelay
  }

  private func readSignals(into arrival: inout Arrival) {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(signalPipe.read, &bytes, bytes.count)
    for byte in bytes.prefix(max(0, count)) {
      if byte == 0 { arrival.woken = true } else { arrival.signals.append(Int32(byte)) }
    }
  }
}

/// The write end of the signal pipe as other threads see it: a write and the closing
/// never overlap, so a late waker never writes to a descriptor that has been reused.
private final class WakeDescriptor: Sendable {
  private let descriptor: Mutex<Int32>

  init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }

  func wake() {
    descriptor.withLock { fd in
      guard fd >= 0 else { return }
      var zero: UInt8 = 0
      _ = write(fd, &zero, 1)
    }
  }

  func close() {
    descriptor.withLock { fd in
      if fd >= 0 { _ = Glibc.close(fd) }
      fd = -1
    }
  }
}
