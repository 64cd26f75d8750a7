extension Duration {
  /// This wait as poll(2)'s timeout: whole milliseconds rounded up (so it never wakes
  /// early for a deadline), 0 for a deadline passed, and at most `Int32.max` (24.8 days:
  /// a longer wait wakes then and waits again, where converting it would trap).
  var pollMilliseconds: Int32 {
    Int32(max(0, min(Double(Int32.max), (self / .milliseconds(1)).rounded(.up))))
  }
}
