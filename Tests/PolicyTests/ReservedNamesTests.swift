import Foundation
import Policy
import Registration
import Testing

/// Reserved names (built in, from a file) and, with Unix names, the system's users and
/// groups: compared by identity and by skeleton.
@Suite("Reserved and system names")
struct ReservedNamesTests {
  @Test(
    "the built-in names, in any case, full width, or spelled with lookalikes",
    arguments: [
      "root", "ROOT", "Admin", "administrator", "postmaster", "hostmaster", "webmaster",
      "abuse", "security", "support", "noreply", "R\u{43E}\u{43E}t", "ｒｏｏｔ", "r00t",
      "adm\u{456}n",
    ])
  func builtIn(login: String) {
    #expect(UnicodeLoginPolicy().reservation(of: login) == .reserved)
  }

  @Test(
    "groups that grant privileges are reserved, whether or not they exist here",
    arguments: [
      "docker", "libvirt", "incus", "podman", "wireshark", "lpadmin", "sambashare", "vboxusers",
      "kvm", "lxd", "disk", "shadow", "adm", "systemd-journal", "video", "input", "render",
      "dialout", "sudo", "wheel", "staff", "Docker", "d\u{43E}cker",
    ])
  func privilegedGroups(login: String) {
    #expect(UnicodeLoginPolicy().reservation(of: login) == .reserved)
  }

  @Test("register-useradd refuses the same names: its copy of the list is this one")
  func wrapperList() throws {
    let wrapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("deploy/ssh/register-useradd")
    let script = try String(contentsOf: wrapper, encoding: .utf8)
    let start = try #require(script.range(of: "\nreserved=\""))
    let end = try #require(script.range(of: "\"\n", range: start.upperBound..<script.endIndex))
    let copy = script[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace)
      .map(String.init)
    #expect(copy.sorted() == ReservedNames.builtIn.sorted())
    #expect(Set(ReservedNames.builtIn).count == ReservedNames.builtIn.count, "no name twice")
  }

  @Test("other logins are not reserved", arguments: ["alice", "rooted", "Жора", "admins", "users"])
  func notReserved(login: String) {
    #expect(UnicodeLoginPolicy().reservation(of: login) == nil)
  }

  @Test("a file: one name a line, # comments and blank lines ignored, added to the list")
  func file() throws {
    let path = try temporaryFile("# our brands\n  acme  # the company\n\nWidget-Co\n#old\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let names = try ReservedNames.builtIn(andFile: path)
    #expect(names.names.suffix(2) == ["acme", "Widget-Co"])
    let policy = UnicodeLoginPolicy(reserved: names)
    for login in ["acme", "ACME", "acm\u{435}", "widget-co", "root"] {
      #expect(policy.reservation(of: login) == .reserved, "\(login)")
    }
    for login in ["acme-x", "old", "our", "company"] {
      #expect(policy.reservation(of: login) == nil, "\(login)")
    }
  }

  @Test("a missing, unreadable or oversized file is an error that says why")
  func unreadableFile() throws {
    #expect(throws: ReservedNames.FileError(reason: "No such file or directory")) {
      try ReservedNames.builtIn(andFile: "/nonexistent/reserved.txt")
    }
    #expect(throws: ReservedNames.FileError(reason: "Is a directory")) {
      try ReservedNames.builtIn(andFile: NSTemporaryDirectory())
    }
    let big = try temporaryFile(String(repeating: "name\n", count: 300_000))
    defer { try? FileManager.default.removeItem(atPath: big) }
    #expect(throws: ReservedNames.FileError(reason: "larger than 1024 KiB")) {
      try ReservedNames.builtIn(andFile: big)
    }
  }

  @Test(
    "with Unix names, real users and groups of this system are taken",
    arguments: [
      "root", "daemon", "bin", "sudo", "adm",
    ])
  func systemNames(name: String) throws {
    // These exist on every Debian system; check this one has them.
    try #require(
      groupOrUserExists(name), "\(name) is neither a user nor a group here")
    let policy = UnicodeLoginPolicy(reserved: ReservedNames([]), unixNames: true)
    #expect(policy.reservation(of: name) == .systemName)
    #expect(policy.reservation(of: name.uppercased()) == .systemName)
  }

  @Test("with Unix names, a lookalike of a system name is taken too")
  func systemNameLookalike() {
    let policy = UnicodeLoginPolicy(reserved: ReservedNames([]), unixNames: true)
    #expect(policy.reservation(of: "r00t") == .systemName)
    #expect(policy.reservation(of: "zq7vlmpr") == nil)
  }

  @Test("without Unix names, system names are free unless reserved")
  func systemNamesOff() {
    let policy = UnicodeLoginPolicy(reserved: ReservedNames([]))
    #expect(policy.reservation(of: "daemon") == nil)
    #expect(policy.reservation(of: "adm") == nil)
  }

  private func groupOrUserExists(_ name: String) -> Bool {
    getpwnam(name) != nil || getgrnam(name) != nil
  }

  private func temporaryFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "reserved-\(UUID().uuidString).txt"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
