import Door
import Foundation
import Testing

/// Where the session folder is, and what it must be before anything is counted in it.
@Suite("Session folder")
struct SessionFolderTests {
  static func temporary() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("door-\(UUID().uuidString.prefix(8))").path
  }

  @Test("the runtime folder when it is private; else the state folder; else none")
  func place() throws {
    let runtime = Self.temporary()
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    #expect(
      SessionFolder.path(environment: ["XDG_RUNTIME_DIR": runtime, "HOME": "/home/join"])
        == runtime + "/register")
    // A runtime folder others may write (or none) is passed over.
    chmod(runtime, 0o1777)
    #expect(
      SessionFolder.path(environment: ["XDG_RUNTIME_DIR": runtime, "HOME": "/home/join"])
        == "/home/join/.local/state/register/sessions")
    #expect(
      SessionFolder.path(environment: ["XDG_RUNTIME_DIR": "relative", "XDG_STATE_HOME": "/s"])
        == "/s/register/sessions")
    #expect(
      SessionFolder.path(environment: ["HOME": "/home/join"])
        == "/home/join/.local/state/register/sessions")
    #expect(SessionFolder.path(environment: [:]) == nil)
  }

  @Test("made 0700 with the folders above it; refused when open to others or a link")
  func checks() throws {
    let top = Self.temporary()
    defer { try? FileManager.default.removeItem(atPath: top) }
    let path = top + "/state/register/sessions"
    let descriptor = try SessionFolder.open(path)
    close(descriptor)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o700)
    chmod(path, 0o733)
    #expect(throws: SessionRefusal.self) { try SessionFolder.open(path) }
    chmod(path, 0o700)
    let link = top + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    #expect(throws: SessionRefusal.self) { try SessionFolder.open(link) }
  }
}
