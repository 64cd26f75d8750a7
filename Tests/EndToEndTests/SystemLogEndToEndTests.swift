import Foundation
import Testing

/// What the release binary sends to syslog for an `--on-create` hand-off, caught on a
/// `/dev/log` of the test's own: in a private mount namespace, `/dev` is a folder holding
/// the test's socket beside the host's null, zero, random, urandom and tty.
@Suite("The system log of a hand-off", .cleansUp)
struct SystemLogEndToEndTests {
  @Test("one register tag a line; a hash across the output's cut leaves no piece in the log")
  func handOffLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-syslog-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(
      atPath: "\(folder)/dev", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = try DatagramSocket(path: "\(folder)/dev/log")

    // 4080 bytes, then the hash: cut at 4096 first, 16 characters of it were logged.
    try "printf '%4080s' '' | tr ' ' x; echo \"$REGISTER_PASSWORD_HASH\"\n"
      .write(toFile: "\(folder)/hook.sh", atomically: true, encoding: .utf8)
    try "evelyn\nZq7vLm2pR\nZq7vLm2pR\n"
      .write(toFile: "\(folder)/input", atomically: true, encoding: .utf8)
    let system = """
      set -eu
      for f in null zero random urandom tty; do
        touch \(folder)/dev/$f
        mount --bind /dev/$f \(folder)/dev/$f
      done
      mount --bind \(folder)/dev /dev
      exec \(Tmux.binary) --plain --db \(folder)/accounts.sqlite \\
        --on-create '/bin/sh \(folder)/hook.sh' <\(folder)/input
      """
    try system.write(toFile: "\(folder)/system.sh", atomically: true, encoding: .utf8)
    let run = try command(
      "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "\(folder)/system.sh"])
    #expect(run.status == 0, "\(run.output)")

    let lines = log.received()
    // The audit's line for the sign-up (authpriv.notice), then the hook's.
    #expect(
      lines.contains { $0.hasPrefix("<85>") && $0.hasSuffix(" register: sign-up login=evelyn") })
    #expect(lines.allSatisfy { !$0.contains("register: register:") && !$0.contains("$y$") })
    let hook = lines.filter { $0.contains("on-create") }
    try #require(hook.count == 1, "\(lines)")
    let line = hook[0]
    // <86>: authpriv.info. glibc writes the tag itself, then ": ".
    #expect(line.hasPrefix("<86>"), "\(line)")
    #expect(line.contains(" register: on-create for evelyn: done; output: xxx"), "\(line)")
    #expect(!line.contains("register: register:"), "\(line)")
    #expect(line.hasSuffix(String(repeating: "x", count: 100) + "[password hash]\\u{A}"), "\(line)")
    #expect(!line.contains("$y$"), "\(line)")
  }
}

/// A Unix datagram socket bound at a path, as syslog's `/dev/log` is.
final class DatagramSocket {
  private let fd: Int32

  init(path: String) throws {
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      close(fd)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  deinit { close(fd) }

  /// Every datagram waiting, as text.
  func received() -> [String] {
    var lines: [String] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      guard count > 0 else { return lines }
      lines.append(String(decoding: buffer[..<count], as: UTF8.self))
    }
  }
}
