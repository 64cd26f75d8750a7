import Foundation
import Testing

/// A tmux server of its own with one window, for driving the real binary as a person would.
final class Tmux {
  let socket: String
  let size: (width: Int, height: Int)
  /// A folder of this session's own, also its HOME: removed with the session.
  let directory: String

  /// Starts a shell at the given size with a clean, known environment.
  init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
    socket = "register-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    size = (width, height)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    Cleanup.current?.add(socket: socket)
    var arguments = ["new-session", "-d", "-x", "\(width)", "-y", "\(height)"]
    let base = ["LANG": "C.UTF-8", "TERM": "tmux-256color", "PS1": "$ ", "HOME": directory]
    for (key, value) in base.merging(environment, uniquingKeysWith: { $1 }) {
      arguments += ["-e", "\(key)=\(value)"]
    }
    arguments += ["env", "-u", "NO_COLOR", "sh"]
    try run(arguments, capturing: false)
  }

  deinit {
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The package's release binary, which `make test` builds before the tests.
  static var binary: String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/release/register").path
  }

  /// Runs a tmux command and returns what it printed. The command that starts the server
  /// must not capture: the server would inherit the pipe and it would never close.
  @discardableResult
  func run(_ arguments: [String], capturing: Bool = true) throws -> String {
    try command(
      "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, capturing: capturing
    )
    .output
  }

  /// Types a shell command line and presses Enter.
  func shell(_ command: String) throws {
    try run(["send-keys", "-t", "0", "-l", command])
    try run(["send-keys", "-t", "0", "Enter"])
  }

  /// Sends keys by tmux name (`Tab`, `Enter`, `Escape`, `C-c`, `BTab`, `Left`...).
  func keys(_ names: String...) throws {
    try run(["send-keys", "-t", "0"] + names)
  }

  /// Types text literally, one character per keystroke.
  func type(_ text: String) throws {
    for character in text { try run(["send-keys", "-t", "0", "-l", String(character)]) }
  }

  /// Pastes `text` the way a terminal does: bracketed, if the program asked for that.
  func paste(_ text: String) throws {
    try run(["set-buffer", "-b", "e2e", text])
    try run(["paste-buffer", "-p", "-b", "e2e", "-t", "0"])
  }

  /// A left click at a cell (0-based), sent as the SGR mouse report a terminal writes.
  func click(x: Int, y: Int) throws {
    try run(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
    try run(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)m"])
  }

  func screen() throws -> [String] {
    try run(["capture-pane", "-p", "-t", "0"]).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
  }

  func cursor() throws -> (x: Int, y: Int) {
    let parts = try run(["display", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"])
      .split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
    return (parts[0], parts[1])
  }

  /// Waits (up to ten seconds) until `condition` holds for the screen; records an issue
  /// with the screen if it never does.
  @discardableResult
  func wait(
    for description: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: ([String]) -> Bool
  ) throws -> Bool {
    let deadline = Date().addingTimeInterval(10)
    var lines: [String] = []
    while Date() < deadline {
      lines = try screen()
      if condition(lines) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record(
      "Timed out waiting for \(description). Screen:\n\(lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return false
  }

  func wait(forText text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try wait(for: "'\(text)'", sourceLocation: sourceLocation) { $0.contains { $0.contains(text) } }
  }
}
