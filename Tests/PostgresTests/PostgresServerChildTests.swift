import Foundation
import TestSupport
import Testing

/// The tests' throwaway server never leaves the test process a child to reap: a child
/// that ends unreaped (a zombie) stalls Swift Testing, whose exit tests wait for any child
/// with `waitid(P_ALL, WNOWAIT)` and are then told of that zombie, over and over, instead of
/// their own (a CI run hung for 85 minutes on a watchdog shell that had ended).
@Suite("The tests' PostgreSQL server and the test process")
struct PostgresServerChildTests {
  @Test("its watchdog is no child of the test process, before or after the server goes")
  func watchdogIsNoChild() throws {
    let server = try PostgresServer()
    defer { server.remove() }
    let children = Self.children()
    #expect(!children.contains { $0.contains(server.directory) }, "\(children)")
  }

  /// The command lines of this process's children.
  static func children() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> String? in
      guard Int32(name) != nil,
        let status = try? String(contentsOfFile: "/proc/\(name)/status", encoding: .utf8),
        status.contains("\nPPid:\t\(getpid())\n"),
        let arguments = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { return nil }
      return arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        .joined(separator: " ")
    }
  }
}
