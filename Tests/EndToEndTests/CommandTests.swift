import Testing

@Suite("Commands the tests start", .cleansUp)
struct CommandTests {
  /// Swift Testing's worker threads block signals; a tmux server that inherits SIGCHLD and
  /// SIGTERM blocked never sees its shell end, so `kill-server` leaves it running.
  @Test("start with no signal blocked")
  func noBlockedSignals() throws {
    let result = try command("/bin/grep", ["SigBlk", "/proc/self/status"])
    #expect(result.output == "SigBlk:\t0000000000000000\n")
  }
}
