import Foundation
import Terminal
import TestSupport
import Testing

/// The snapshot comparison itself: a snapshot written is never a snapshot checked.
@Suite("Snapshot comparison")
struct SnapshotComparisonTests {
  let folder: URL
  /// A test file's path in `folder`: snapshots go to `folder/Snapshots`.
  var testFile: String { folder.appendingPathComponent("SomeTests.swift").path }
  var snapshotFile: URL { folder.appendingPathComponent("Snapshots/screen.txt") }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func screen(_ text: String) -> MemoryScreen {
    let screen = MemoryScreen(size: Size(width: 6, height: 1))
    screen.draw(text, at: .zero, style: .plain)
    return screen
  }

  func compare(_ text: String, recording: Bool) -> SnapshotResult {
    compareSnapshot(screen(text), named: "screen", filePath: testFile, recording: recording)
  }

  func stored() -> String? { try? String(contentsOf: snapshotFile, encoding: .utf8) }

  @Test("a missing snapshot is written, and the test fails saying so")
  func missing() {
    #expect(compare("hello", recording: false) == .recorded(path: snapshotFile.path))
    #expect(stored() == screen("hello").snapshot)
    #expect(compare("hello", recording: false) == .matches)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("recording a changed screen writes it, and does not pass")
  func recordingChanged() {
    _ = compare("hello", recording: false)
    #expect(compare("world", recording: true) == .recorded(path: snapshotFile.path))
    #expect(stored() == screen("world").snapshot)
    #expect(compare("world", recording: false) == .matches)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("recording an unchanged screen: it matches, nothing to record")
  func recordingUnchanged() {
    _ = compare("hello", recording: false)
    #expect(compare("hello", recording: true) == .matches)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("without recording a changed screen differs and the file stays")
  func differs() {
    _ = compare("hello", recording: false)
    guard case .differs(let difference) = compare("world", recording: false) else {
      Issue.record("not reported as different")
      return
    }
    #expect(difference.contains("expected: |hello |"))
    #expect(stored() == screen("hello").snapshot)
    try? FileManager.default.removeItem(at: folder)
  }
}
