import Foundation
import SiteFile
import Testing

/// The site file read from disk: a file someone else could have put there or changed is
/// refused before a line of it is read, like a planted database.
@Suite("Site file on disk")
struct SiteFileReadingTests {
  static let keys = [SiteKey("db", .text)]

  /// A folder of its own (0700), removed afterwards.
  final class Folder {
    let path: String

    init() throws {
      var template = Array(
        (FileManager.default.temporaryDirectory.path + "/register-site-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
      path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` with `mode`; its path.
    func file(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
      let file = path + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
      return file
    }
  }

  static func refusal(_ path: String, user: UInt32 = geteuid(), mustExist: Bool = true)
    -> SiteFileError?
  {
    do {
      _ = try SiteFile.read(path: path, keys: keys, user: user, mustExist: mustExist)
      return nil
    } catch {
      return error
    }
  }

  @Test("a file of root's or the user's, closed to writers, is read; 0640 and 0600 too")
  func read() throws {
    let folder = try Folder()
    for mode in [0o644, 0o640, 0o600, 0o400] {
      let path = try folder.file("site-\(mode).conf", "db = /srv/accounts.sqlite\n", mode: mode)
      let site = try SiteFile.read(path: path, keys: Self.keys, mustExist: true)
      #expect(site.setting("db")?.value == "/srv/accounts.sqlite")
    }
  }

  @Test("no default file is an empty one; no file the command line names is refused")
  func missing() throws {
    let folder = try Folder()
    let path = folder.path + "/register.conf"
    #expect(try SiteFile.read(path: path, keys: Self.keys, mustExist: false) == SiteFile())
    #expect(Self.refusal(path) == SiteFileError(.missing))
    #expect(
      SiteFileError(.missing).message(file: path) == "\(path): no such file")
  }

  @Test(
    "a file group or others may write is refused, whoever owns it",
    arguments: [0o664, 0o646, 0o666, 0o622])
  func writable(mode: Int) throws {
    let folder = try Folder()
    let path = try folder.file("register.conf", "db = /a\n", mode: mode)
    #expect(Self.refusal(path) == SiteFileError(.writableByOthers(mode: mode)))
  }

  @Test("a symbolic link is refused, even to a good file; so are a folder and a FIFO")
  func notAFile() throws {
    let folder = try Folder()
    let real = try folder.file("real.conf", "db = /a\n")
    let link = folder.path + "/register.conf"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    #expect(Self.refusal(link) == SiteFileError(.symbolicLink))
    #expect(Self.refusal(link, mustExist: false) == SiteFileError(.symbolicLink))
    let sub = folder.path + "/sub"
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
    #expect(Self.refusal(sub) == SiteFileError(.notRegularFile))
    let fifo = folder.path + "/fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    // Opened without waiting for a writer, and refused.
    #expect(Self.refusal(fifo) == SiteFileError(.notRegularFile))
  }

  @Test("a file of another user is refused; root's is read by anyone")
  func owner() throws {
    let folder = try Folder()
    let path = try folder.file("register.conf", "db = /a\n")
    var status = stat()
    #expect(stat(path, &status) == 0)
    if status.st_uid == 0 {
      // Root's file: fine for any user; a file of nobody's is not, even for root.
      #expect(Self.refusal(path, user: 1234) == nil)
      #expect(chown(path, 65534, 65534) == 0)
      #expect(Self.refusal(path) == SiteFileError(.notOwned(uid: 65534)))
    } else {
      #expect(
        Self.refusal(path, user: status.st_uid + 1)
          == SiteFileError(.notOwned(uid: Int(status.st_uid))))
    }
  }

  @Test("a file in a folder others may write is refused, unless the folder is sticky")
  func folder() throws {
    let folder = try Folder()
    let path = try folder.file("register.conf", "db = /a\n")
    #expect(chmod(folder.path, 0o777) == 0)
    #expect(Self.refusal(path) == SiteFileError(.folderWritableByOthers(mode: 0o777)))
    #expect(chmod(folder.path, 0o775) == 0)
    #expect(Self.refusal(path) == SiteFileError(.folderWritableByOthers(mode: 0o775)))
    #expect(chmod(folder.path, 0o1777) == 0)
    #expect(Self.refusal(path) == nil)
    #expect(chmod(folder.path, 0o755) == 0)
    #expect(Self.refusal(path) == nil)
    if geteuid() == 0 {
      #expect(chown(folder.path, 65534, 65534) == 0)
      #expect(Self.refusal(path) == SiteFileError(.folderNotOwned(uid: 65534)))
    }
  }

  @Test("a file over the cap is refused without reading it all; a bad line at its line")
  func contents() throws {
    let folder = try Folder()
    let large = try folder.file(
      "large.conf", String(repeating: "# padding\n", count: SiteFile.largestFile / 10 + 1))
    #expect(Self.refusal(large) == SiteFileError(.tooLarge(limit: SiteFile.largestFile)))
    let bad = try folder.file("bad.conf", "db = /a\ncolour = red\n")
    #expect(Self.refusal(bad) == SiteFileError(line: 2, .unknownKey("colour")))
  }
}
