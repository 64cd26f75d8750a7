import Foundation
import Terminal
import Testing

/// Compares a screen with the snapshot file `Snapshots/<name>.txt` beside this file.
///
/// A missing file is written and the test fails, so a new snapshot is always looked at
/// once. `RECORD_SNAPSHOTS=1` rewrites every snapshot the run touches.
func expectSnapshot(
  _ screen: MemoryScreen, named name: String, sourceLocation: SourceLocation = #_sourceLocation,
  filePath: String = #filePath
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  let actual = screen.snapshot
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    if !recording {
      Issue.record(
        "Recorded a new snapshot at \(file.path); check it and run again.",
        sourceLocation: sourceLocation)
    }
    return
  }
  if actual != expected {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    var difference = ""
    for index in 0..<max(actualLines.count, expectedLines.count) {
      let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
      let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
      if a != e { difference += "line \(index + 1)\n  expected: \(e)\n  actual:   \(a)\n" }
    }
    Issue.record("Screen differs from \(name).txt:\n\(difference)", sourceLocation: sourceLocation)
  }
}
