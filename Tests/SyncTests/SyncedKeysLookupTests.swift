import Accounts
import Foundation
import Testing

@testable import Sync

/// The keys' copy read back by login: by bisection when it is in order, whole when it is a
/// copy from before; never one that others could have planted or changed.
@Suite("Synced keys lookup")
struct SyncedKeysLookupTests {
  let folder = NSTemporaryDirectory() + "register-lookup-\(UUID().uuidString)"

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    chmod(folder, 0o755)
  }

  func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

  func write(_ text: String, mode: mode_t = 0o644) throws {
    let path = folder + "/" + SyncedKeys.fileName
    unlink(path)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, mode)
  }

  @Test("every login of thousands found with its keys in order; logins between, none")
  func bisection() throws {
    defer { cleanUp() }
    // Logins shuffled, of every length, two keys for some (a login's keys in the order
    // the pass gives them): the copy puts the logins in order and keeps each one's keys.
    var logins: [[UnixKey]] = []
    for index in 0..<3000 {
      var keys = [
        UnixKey(login: "u\(index)", type: "ssh-ed25519", base64: "A\(index)", comment: "")
      ]
      if index % 7 == 0 {
        keys.append(UnixKey(login: "u\(index)", type: "ssh-rsa", base64: "B\(index)", comment: "c"))
      }
      logins.append(keys)
    }
    var generator = SystemRandomNumberGenerator()
    try write(SyncedKeys.text(of: logins.shuffled(using: &generator).flatMap { $0 }))
    for index in [0, 1, 7, 9, 10, 99, 100, 999, 1000, 1234, 2999] {
      let found = try SyncedKeys.keys(of: "u\(index)", folder: folder)
      let given = logins[index].map {
        $0.comment.isEmpty ? "\($0.type) \($0.base64)" : "\($0.type) \($0.base64) \($0.comment)"
      }
      #expect(found == given, "u\(index)")
    }
    for login in ["u", "u3000", "u00", "a", "zz", "u1 ", "U1", "u12\t", "u1\n", "", "u\u{0}1"] {
      #expect(try SyncedKeys.keys(of: login, folder: folder) == [], "\(login.debugDescription)")
    }
  }

  @Test("one line, none, and a last line without its newline")
  func edges() throws {
    defer { cleanUp() }
    try write(SyncedKeys.header)
    #expect(try SyncedKeys.keys(of: "judy", folder: folder) == [])
    try write(SyncedKeys.header + "judy\tssh-ed25519 AAAA")
    #expect(try SyncedKeys.keys(of: "judy", folder: folder) == ["ssh-ed25519 AAAA"])
    #expect(try SyncedKeys.keys(of: "juda", folder: folder) == [])
    #expect(try SyncedKeys.keys(of: "judz", folder: folder) == [])
  }

  @Test("a copy from before (no first line, not in order) is read whole")
  func unsortedCopy() throws {
    defer { cleanUp() }
    try write("zed\tssh-ed25519 Z\nadam\tssh-ed25519 A\nzed\tssh-ed25519 Z2\n")
    #expect(try SyncedKeys.keys(of: "zed", folder: folder) == ["ssh-ed25519 Z", "ssh-ed25519 Z2"])
    #expect(try SyncedKeys.keys(of: "adam", folder: folder) == ["ssh-ed25519 A"])
  }

  @Test("a copy others could write, behind a link, or in a folder others write: not read")
  func untrusted() throws {
    defer { cleanUp() }
    let line = SyncedKeys.header + "judy\tssh-ed25519 AAAA\n"
    try write(line, mode: 0o666)
    #expect(throws: SyncError.self) { try SyncedKeys.keys(of: "judy", folder: folder) }
    try write(line, mode: 0o664)
    #expect(throws: SyncError.self) { try SyncedKeys.keys(of: "judy", folder: folder) }
    // Planted as a link to a file elsewhere.
    let elsewhere = folder + "/elsewhere"
    try line.write(toFile: elsewhere, atomically: false, encoding: .utf8)
    unlink(folder + "/" + SyncedKeys.fileName)
    symlink(elsewhere, folder + "/" + SyncedKeys.fileName)
    #expect(throws: SyncError.self) { try SyncedKeys.keys(of: "judy", folder: folder) }
    try write(line)
    #expect(try SyncedKeys.keys(of: "judy", folder: folder) == ["ssh-ed25519 AAAA"])
    chmod(folder, 0o777)
    #expect(throws: SyncError.self) { try SyncedKeys.keys(of: "judy", folder: folder) }
    chmod(folder, 0o755)
    // The folder itself a link.
    let link = folder + "-link"
    symlink(folder, link)
    defer { unlink(link) }
    #expect(throws: SyncError.self) { try SyncedKeys.keys(of: "judy", folder: link) }
  }
}
