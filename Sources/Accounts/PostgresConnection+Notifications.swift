#if canImport(Glibc)
  import Glibc
#endif

// Waiting for NOTIFY (`register sync --follow`): the connection's socket polled, what came
// read, the notifications counted and freed.

extension PostgresConnection {
  /// Waits up to `timeout` for a notification on a channel this connection LISTENs to;
  /// true when one (or more) came, including any already read with an earlier answer.
  func waitForNotification(timeout: Duration) throws(PostgresError) -> Bool {
    libpq.prepareThread()
    if takeNotifications() { return true }
    let deadline = ContinuousClock.now + timeout
    while true {
      let left = deadline - .now
      guard left > .zero else { return false }
      var ready = pollfd(fd: libpq.socket(handle), events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, Int32(min(left / .milliseconds(1), 60_000)) + 1)
      if polled < 0 && errno == EINTR { continue }
      if polled != 0 && libpq.consumeInput(handle) == 0 || !isOpen {
        throw PostgresError(
          kind: .connectionLost, sqlState: nil, message: "the connection to the server was lost")
      }
      if takeNotifications() { return true }
    }
  }

  /// Frees every notification libpq holds; true if there was one.
  private func takeNotifications() -> Bool {
    var any = false
    while let notification = libpq.notifies(handle) {
      libpq.freemem(notification)
      any = true
    }
    return any
  }
}
