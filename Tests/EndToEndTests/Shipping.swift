import Foundation
import Testing

/// What the installing and packaging tests share: the package's folder, make, and the
/// files of a tree.
enum Shipping {
  /// The package's folder, where the Makefile is.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs `make -s` in the package's folder with these arguments.
  static func make(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> (
    status: Int32, output: String
  ) {
    try command(
      "/usr/bin/make", ["-s", "--no-print-directory", "-C", root] + arguments, timeout: timeout)
  }

  /// The version the Makefile reads (from Sources/register/Version.swift).
  static func version() throws -> String {
    try make(["version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A new empty folder in the temporary folder.
  static func folder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-\(name)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Everything in `folder` but folders (files, links), as paths relative to it, sorted.
  static func files(in folder: String) -> [String] {
    let items = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return items.filter { item in
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: folder + "/" + item, isDirectory: &isFolder)
      return !isFolder.boolValue
    }.sorted()
  }

  /// Everything in `folder`, folders too.
  static func entries(in folder: String) -> [String] {
    (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
  }

  /// The files of the repository's deploy/ssh (the sshd fragments), relative to it.
  static var sshExamples: [String] { files(in: root + "/deploy/ssh") }

  static func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
  }
}
