import Accounts
import Admin
import Foundation
import Policy
import Registration
import Synchronization
import TestSupport
import Testing

/// What one run of `register admin` wrote, and how it ended.
struct AdminRun {
  let status: Int32
  let lines: [String]
  let complaints: [String]

  var text: String { lines.joined(separator: "\n") }

  /// The JSON Lines of stdout, each an object.
  func objects() throws -> [[String: Any]] {
    try lines.map { line in
      try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }
}

/// The engines the admin is driven on.
enum AdminEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres
  var testDescription: String { rawValue }
}

/// A store for the admin to work on: a temporary SQLite file or a fresh database on the
/// shared test server, and the service the form would use on it.
final class AdminStore: @unchecked Sendable {
  let place: String
  let service: AccountService
  private let folder: URL?

  init(_ engine: AdminEngine, review: Bool = true) throws {
    let options = StoreOptions(review: review)
    switch engine {
    case .sqlite:
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "admin-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      folder = url
      place = url.appendingPathComponent("accounts.sqlite").path
      service = try AccountService(path: place, identity: UnicodeLoginPolicy(), options: options)
    case .postgres:
      folder = nil
      place = try PostgresServer.shared().makeDatabase()
      let uri = try #require(PostgresURI(place))
      service = try AccountService(uri: uri, identity: UnicodeLoginPolicy(), options: options)
    }
  }

  deinit {
    service.close()
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  var folderPath: String? { folder?.path }

  /// `register admin ARGUMENTS --db PLACE`, as `sudo -u root` by `alice`.
  func admin(_ arguments: String..., environment: [String: String] = ["SUDO_USER": "alice"])
    -> AdminRun
  {
    admin(arguments, environment: environment)
  }

  func admin(
    _ arguments: [String], environment: [String: String] = ["SUDO_USER": "alice"],
    input: AdminInput = AdminInput(readLine: { nil }), answers: AnswerSource? = nil
  ) -> AdminRun {
    let lines = Mutex<[String]>([])
    let complaints = Mutex<[String]>([])
    let output = AdminOutput(
      line: { line in lines.withLock { $0.append(line) } },
      complaint: { line in complaints.withLock { $0.append(line) } })
    let status = AdminCommand.run(
      arguments: arguments + ["--db", place], environment: environment, output: output,
      input: input, answers: answers)
    return AdminRun(
      status: status, lines: lines.withLock { $0 }, complaints: complaints.withLock { $0 })
  }
}
