import Foundation
import Testing

/// The release binary in tmux against input that never ends: memory stays bounded, Ctrl-C
/// still ends it with 130, and the terminal is restored.
@Suite("Hostile input end to end", .serialized, .cleansUp)
struct HostileInputEndToEndTests {
  typealias Run = TerminalEndToEndTests.Run

  /// A number from /proc/PID/FILE (`VmHWM:   7904 kB` gives 7904), or nil.
  static func procField(_ pid: Int32, _ file: String, _ name: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      return Int(line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
    }
    return nil
  }

  @Test("a paste start, 2 MB and no end marker, then Ctrl-C: exit 130, bounded memory")
  func endlessPaste() throws {
    let run = try Run()
    try run.tmux.wait(forText: "Create account")
    let pid = try run.pid()
    #expect(pid > 0)
    let before = Self.procField(pid, "io", "rchar") ?? 0
    // Sent raw (paste-buffer without -p adds no markers): the start marker is in the data.
    let megabytes = 2
    let flood =
      Data("\u{1B}[200~".utf8) + Data(repeating: UInt8(ascii: "x"), count: megabytes << 20)
    try flood.write(to: URL(fileURLWithPath: run.file("flood")))
    try run.tmux.run(["load-buffer", "-b", "flood", run.file("flood")])
    try run.tmux.run(["paste-buffer", "-b", "flood", "-t", "0"])
    // A count, not a time: wait until the program has read all of it from the terminal.
    try run.tmux.wait(for: "the program to read the 2 MB") { _ in
      (Self.procField(pid, "io", "rchar") ?? 0) - before >= flood.count
    }
    let peak = Self.procField(pid, "status", "VmHWM") ?? .max
    #expect(peak < 64 * 1024, "peak resident memory \(peak) kB")
    try run.tmux.keys("C-c")
    #expect(try run.status() == 130)
    try run.expectRestored()
    #expect(run.contents("out").isEmpty)
  }

  @Test("a terminal that claims 1000x1000 cells: drawn within 512x256, bounded memory")
  func hugeWindow() throws {
    // stty sets the size the kernel reports, as an SSH client's window-change would.
    let run = try Run("", environment: [:], sizeCommand: "stty rows 1000 cols 1000")
    try run.tmux.wait(for: "the program to start") { _ in (try? run.pid()) ?? -1 > 0 }
    let pid = try run.pid()
    // A count, not a time: the first frame is written, then the program waits in poll.
    try run.tmux.wait(for: "the first frame") { _ in
      (Self.procField(pid, "io", "wchar") ?? 0) > 500
        && (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8))?.contains("poll")
          == true
    }
    let peak = Self.procField(pid, "status", "VmHWM") ?? .max
    #expect(peak < 64 * 1024, "peak resident memory \(peak) kB")
    try run.tmux.keys("C-c")
    #expect(try run.status() == 130)
    #expect(run.contents("out").isEmpty)
  }

  @Test("line by line, a 100 MB line that never ends: bounded memory, refused, exit 1")
  func endlessLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-e2e-line-\(getpid())-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // GNU time reports the peak resident memory: a count, not a time.
    let result = try command(
      "/bin/sh",
      [
        "-c",
        "head -c 100000000 /dev/zero | tr '\\0' a | /usr/bin/time -f 'maxrss %M'"
          + " \(Tmux.binary) --plain --db \(folder)/accounts.sqlite 2> \(folder)/err > /dev/null;"
          + " echo \"status $?\"; tail -c 2000 \(folder)/err",
      ])
    let lines = result.output.split(separator: "\n")
    #expect(lines.first == "status 1")
    #expect(result.output.contains("At most 64 characters"))
    let peak = lines.last { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst("maxrss ".count)) }
    #expect((peak ?? .max) < 64 * 1024, "peak resident memory \(peak.map(String.init) ?? "?") kB")
  }
}
