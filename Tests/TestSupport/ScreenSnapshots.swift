import Foundation
import Terminal

/// How a screen compares with its snapshot file.
public enum SnapshotResult: Equatable, CustomStringConvertible {
  case matches
  /// There was no snapshot (or recording was asked for): the screen was written.
  case recorded(path: String)
  /// The screen differs; the lines that differ, expected and actual.
  case differs(String)

  public var description: String {
    switch self {
    case .matches: "matches"
    case .recorded(let path): "recorded a new snapshot at \(path); check it and run again"
    case .differs(let difference): "screen differs from its snapshot:\n\(difference)"
    }
  }
}

/// Compares a screen with `Snapshots/<name>.txt` beside the calling test file:
/// `#expect(compareSnapshot(screen, named: "empty") == .matches)`.
///
/// A missing file is written and reported as `.recorded`, so a new snapshot fails once
/// and is looked at. `RECORD_SNAPSHOTS=1` rewrites every snapshot the run touches.
public func compareSnapshot(
  _ screen: MemoryScreen, named name: String, filePath: String = #filePath
)
  -> SnapshotResult
{
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  let actual = screen.snapshot
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    return recording ? .matches : .recorded(path: file.path)
  }
  guard actual != expected else { return .matches }
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  var difference = ""
  for index in 0..<max(actualLines.count, expectedLines.count) {
    let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
    let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
    if a != e { difference += "line \(index + 1)\n  expected: \(e)\n  actual:   \(a)\n" }
  }
  return .differs(difference)
}
