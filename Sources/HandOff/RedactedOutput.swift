/// The start of a command's output, for the log, with a secret taken out of the whole
/// stream before it is cut: a secret that straddles the limit, or two reads, never
/// leaves a piece of itself behind.
struct RedactedOutput {
  /// What stands in the log for the secret.
  static let marker = Array("[password hash]".utf8)

  private let secret: [UInt8]
  private let limit: Int
  /// The redacted output kept so far, at most `limit` bytes.
  private(set) var kept: [UInt8] = []
  /// Bytes not yet known to be outside the secret: a secret may begin in them.
  private var pending: [UInt8] = []

  init(hiding secret: String, limit: Int) {
    self.secret = Array(secret.utf8)
    self.limit = limit
  }

  /// Takes the next bytes the command wrote.
  mutating func append(_ bytes: some Collection<UInt8>) {
    // Full: the rest is drained, not kept (and so not looked at).
    guard kept.count < limit else { return }
    pending += bytes
    redactPending()
    // What cannot be the start of a secret any more is safe to keep.
    keep(pending.count - max(0, secret.count - 1))
  }

  /// The output as the log shows it, once the command has ended.
  mutating func finish() -> String {
    keep(pending.count)
    return String(decoding: kept, as: UTF8.self)
  }

  /// Replaces every whole secret in `pending` by the marker.
  private mutating func redactPending() {
    guard !secret.isEmpty, pending.count >= secret.count else { return }
    var redacted: [UInt8] = []
    var index = 0
    while index < pending.count {
      if pending.count - index >= secret.count,
        pending[index..<index + secret.count].elementsEqual(secret)
      {
        redacted += Self.marker
        index += secret.count
      } else {
        redacted.append(pending[index])
        index += 1
      }
    }
    pending = redacted
  }

  /// Moves the first `count` pending bytes to what is kept, dropping what is over the limit.
  private mutating func keep(_ count: Int) {
    guard count > 0 else { return }
    kept += pending[..<min(count, max(0, limit - kept.count))]
    pending.removeFirst(count)
  }
}
