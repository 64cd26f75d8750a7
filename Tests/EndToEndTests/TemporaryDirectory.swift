import Foundation

/// A folder of a test's own under the temporary directory, removed with everything in it
/// when the test is over (a suite that holds one gets a new one for each test).
final class TemporaryDirectory: Sendable {
  let path: String

  init(_ prefix: String = "register-e2e") throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
