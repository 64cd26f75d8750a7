import Accounts
import Foundation
import Policy
import Registration
import SiteFile
import Sync
import Testing

@testable import register

/// `register keys LOGIN`, as sshd's AuthorizedKeysCommand runs it, over a real SQLite file.
@Suite("register keys")
struct KeysCommandTests {
  /// A private folder holding an SQLite store with alice (two keys), bob (pending, a key)
  /// and carol (locked, a key).
  final class Site {
    let folder: String
    var database: String { folder + "/accounts.sqlite" }

    init() throws {
      folder = NSTemporaryDirectory() + "register-keys-" + UUID().uuidString
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o700])
      let store = try AccountService(path: database, identity: UnicodeLoginPolicy())
      defer { store.close() }
      _ = try store.createAccount(
        SignUp(
          login: "alice", password: "Zq7vLm2pR",
          details: SignUpDetails(keys: [
            Self.key("A", comment: "laptop\u{202E}"), Self.key("B"),
          ])))
      _ = try store.createAccount(
        SignUp(
          login: "carol", password: "Zq7vLm2pR",
          details: SignUpDetails(keys: [Self.key("C")])))
      _ = try store.lock("carol", reason: nil, by: "root")
      let reviewed = try AccountService(
        path: database, identity: UnicodeLoginPolicy(), options: StoreOptions(review: true))
      defer { reviewed.close() }
      _ = try reviewed.createAccount(
        SignUp(
          login: "bob", password: "Zq7vLm2pR",
          details: SignUpDetails(keys: [Self.key("D")])))
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static func key(_ name: String, comment: String = "") -> AccountKey {
      AccountKey(
        type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAI" + name, comment: comment,
        fingerprint: "SHA256:" + name)
    }

    /// Runs with a site file that sets `db = site` (none when nil).
    func run(_ arguments: [String], site: String? = nil) -> KeysCommand.Outcome {
      KeysCommand.run(
        arguments: arguments, environment: [:],
        site: { () throws(SiteFileError) in
          try SiteFile(
            parsing: Array((site.map { "db = \($0)\n" } ?? "").utf8), keys: SiteSettings.keys)
        })
    }
  }

  @Test("an active account's keys, one line each, without their comments")
  func activeKeys() throws {
    let site = try Site()
    #expect(
      site.run(["--db", site.database, "alice"])
        == KeysCommand.Outcome(
          output: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB\n"
        ))
    // The site file's `db` is used when no flag gives one.
    #expect(site.run(["alice"], site: site.database).output.split(separator: "\n").count == 2)
    #expect(site.run(["--db=" + site.database, "alice"]).status == 0)
  }

  @Test("nothing, and exit 0, for a pending, locked, unknown or other-spelled login")
  func nobodysKeys() throws {
    let site = try Site()
    for login in ["bob", "carol", "nobody", "ALICE", "alice\u{0}"] {
      #expect(site.run(["--db", site.database, login]) == KeysCommand.Outcome(), "\(login)")
    }
  }

  @Test("a missing store is no one's keys; a broken one says so to sshd's log")
  func stores() throws {
    let site = try Site()
    #expect(site.run(["--db", site.folder + "/none.sqlite", "alice"]) == KeysCommand.Outcome())
    let broken = site.folder + "/broken.sqlite"
    try Data("not a database at all, not at all".utf8).write(to: URL(fileURLWithPath: broken))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: broken)
    let outcome = site.run(["--db", broken, "alice"])
    #expect(outcome.status == 1 && outcome.output.isEmpty && outcome.complaint != nil)
  }

  @Test("a site file refused is said to sshd's log; with --db it is not read")
  func refusedSiteFile() throws {
    let site = try Site()
    let refused = { () throws(SiteFileError) -> SiteFile in throw SiteFileError(.notUTF8) }
    let outcome = KeysCommand.run(arguments: ["alice"], environment: [:], site: refused)
    #expect(outcome.status == 1 && outcome.output.isEmpty && outcome.complaint != nil)
    let given = KeysCommand.run(
      arguments: ["--db", site.database, "alice"], environment: [:], site: refused)
    #expect(given.status == 0 && given.output.split(separator: "\n").count == 2)
    let fromEnvironment = KeysCommand.run(
      arguments: ["alice"], environment: ["REGISTER_DB": site.database], site: refused)
    #expect(fromEnvironment.output.split(separator: "\n").count == 2)
  }

  @Test("the store away: the synced copy answers, without comments; no copy is exit 1")
  func storeAway() {
    let away: (StoreLocation, String) throws(AccountStoreError) -> [AccountKey] = {
      _, _ throws(AccountStoreError) in throw .unreachable("no server")
    }
    let copy = KeysCommand.run(
      arguments: ["--db", "postgresql:///accounts", "alice"], environment: [:],
      site: { () throws(SiteFileError) in try SiteFile(parsing: [], keys: SiteSettings.keys) },
      keys: away, current: { _ in false },
      synced: { login, _ throws(SyncError) in
        login == "alice" ? ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA laptop \u{202E}x"] : []
      })
    #expect(copy.output == "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\n")
    #expect(copy.status == 0)
    #expect(copy.complaint?.contains("synced copy") == true)
    let none = KeysCommand.run(
      arguments: ["--db", "postgresql:///accounts", "alice"], environment: [:],
      site: { () throws(SiteFileError) in try SiteFile(parsing: [], keys: SiteSettings.keys) },
      keys: away, current: { _ in false },
      synced: { _, _ throws(SyncError) in throw .file(path: "/var/lib/extrausers", errno: 2) })
    #expect(none.output.isEmpty)
    #expect(none.status == 1)
    // A store that refuses (not away) is never answered from the copy.
    let refused = KeysCommand.run(
      arguments: ["--db", "postgresql:///accounts", "alice"], environment: [:],
      site: { () throws(SiteFileError) in try SiteFile(parsing: [], keys: SiteSettings.keys) },
      keys: { _, _ throws(AccountStoreError) in throw .unavailable("permission denied") },
      current: { _ in false },
      synced: { _, _ throws(SyncError) in ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA"] })
    #expect(refused.output.isEmpty)
    #expect(refused.status == 1)
  }

  @Test("the follower's copy current: answered from it, the store not asked; else the store")
  func currentCopy() {
    final class Asked: @unchecked Sendable { var store = 0, folders: [String] = [] }
    let asked = Asked()
    func run(_ arguments: [String], current: Bool) -> KeysCommand.Outcome {
      KeysCommand.run(
        arguments: arguments, environment: [:],
        site: { () throws(SiteFileError) in try SiteFile(parsing: [], keys: SiteSettings.keys) },
        keys: { _, _ throws(AccountStoreError) in
          asked.store += 1
          return [
            AccountKey(type: "ssh-ed25519", base64: "AAAAstore", comment: "", fingerprint: "f")
          ]
        },
        current: { folder in
          asked.folders.append(folder)
          return current
        },
        synced: { login, folder throws(SyncError) in
          asked.folders.append(folder)
          return login == "alice" ? ["ssh-ed25519 AAAAcopy laptop"] : []
        })
    }
    let fromCopy = run(
      ["--db", "postgresql:///accounts", "--folder", "/srv/x", "alice"], current: true)
    #expect(fromCopy == KeysCommand.Outcome(output: "ssh-ed25519 AAAAcopy\n"))
    #expect(asked.store == 0)
    #expect(asked.folders == ["/srv/x", "/srv/x"])
    let nobody = run(["--db", "postgresql:///accounts", "bob"], current: true)
    #expect(nobody == KeysCommand.Outcome())
    #expect(asked.store == 0)
    #expect(
      asked.folders.suffix(2) == [ExtrausersFolder.defaultPath, ExtrausersFolder.defaultPath])
    // Not current (no follower, or it is between a change and its pass): the store.
    let notCurrent = run(["--db", "postgresql:///accounts", "alice"], current: false)
    #expect(notCurrent.output == "ssh-ed25519 AAAAstore\n")
    #expect(asked.store == 1)
    // A SQLite store is never followed: always asked itself.
    let sqlite = run(["--db", "/var/lib/register/accounts.sqlite", "alice"], current: true)
    #expect(sqlite.output == "ssh-ed25519 AAAAstore\n")
    #expect(asked.store == 2)
  }

  @Test("a login is needed, exactly one")
  func usage() throws {
    let site = try Site()
    for arguments in [
      [], ["alice", "bob"], ["--db"], ["--dbx", "alice"], ["-x"], ["--folder"],
      ["--folder", "", "alice"],
    ] {
      #expect(
        site.run(arguments) == KeysCommand.Outcome(complaint: KeysCommand.usage, status: 2),
        "\(arguments)")
    }
  }
}
