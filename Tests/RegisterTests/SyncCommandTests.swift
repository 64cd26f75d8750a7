import SiteFile
import Sync
import Testing

@testable import register

/// `register sync`'s own checks, before any store or file is touched.
@Suite("register sync")
struct SyncCommandTests {
  func site(_ text: String) throws -> SiteFile {
    try SiteFile(parsing: Array(text.utf8), keys: SiteSettings.keys)
  }

  @Test("with SQLite (or no store) it refuses, pointing to --on-create (exit 2)")
  func sqliteRefused() throws {
    #expect(
      SyncCommand.run(
        arguments: [], site: try site(""), environment: ["REGISTER_DB": "/tmp/a.sqlite"])
        == 2)
    #expect(
      SyncCommand.run(arguments: [], site: try site("db = /tmp/a.sqlite\n"), environment: [:]) == 2)
  }

  @Test("uid-range and shell are site keys now (no longer refused as coming), checked by the sync")
  func siteKeys() throws {
    let read = try site("uid-range = 30000-39999\nshell = /bin/zsh\n")
    let settings = try SyncCommand.unixSettings(of: read).get()
    #expect(settings.uidRange == 30000...39999)
    #expect(settings.shell == "/bin/zsh")
    #expect(throws: (any Error).self) {
      try SyncCommand.unixSettings(of: try site("uid-range = 5-1\n")).get()
    }
    #expect(throws: (any Error).self) {
      try SyncCommand.unixSettings(of: try site("shell = zsh\n")).get()
    }
    #expect(try SyncCommand.unixSettings(of: try site("")).get() == UnixSettings())
  }

  @Test("an unknown argument is a usage error (exit 2)")
  func usage() throws {
    #expect(SyncCommand.run(arguments: ["--bogus"], site: try site(""), environment: [:]) == 2)
  }
}
