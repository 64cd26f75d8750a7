import Foundation
import Terminal

/// How a screen compares with its snapshot file.
public enum SnapshotResult: Equatable, CustomStringConvertible {
  case matches
  /// There was no snapshot, or recording was asked for and the screen differed: the
  /// screen was written, and nothing was checked.
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
/// and is looked at. `RECORD_SNAPSHOTS=1` (or `recording`) rewrites every snapshot that
/// differs, and reports each as `.recorded` too: a screen written is not a screen checked.
public func compareSnapshot(
  _ screen: MemoryScreen, named name: String, filePath: String = #filePath,
  recording: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
)
  -> SnapshotResult
{
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  let actual = screen.snapshot
  let expected = try? String(contentsOf: file, encoding: .utf8)
  if actual == expected { return .matches }
  // Written now, so not checked: the test fails, and passes on the next run if it is right.
  guard !recording, let expected else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    return .recorded(path: file.path)
  }
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
