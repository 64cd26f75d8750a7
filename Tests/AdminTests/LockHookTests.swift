import Accounts
import Admin
import Foundation
import Registration
import TestSupport
import Testing

/// `register admin lock` and `unlock` with `--on-lock` and `--on-unlock`: the hook that
/// reaches the account's Unix user, run after the store's change.
@Suite("register admin lock and unlock, with their hooks")
struct LockHookTests {
  /// A hook that writes its REGISTER_LOGIN and its argument to a file of the test's.
  final class Written {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lock-hook-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
    func hook(_ word: String) -> String {
      "sh -c 'echo \"$REGISTER_LOGIN \(word)\" >> \(url.path)'"
    }
    var lines: [String] {
      ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
  }

  @Test(
    "lock runs --on-lock, unlock runs --on-unlock, each with REGISTER_LOGIN",
    arguments: AdminEngine.allCases)
  func hooksRun(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "carol", password: "Zq7vLm2pR")
    let written = Written()
    let flags = ["--on-lock", written.hook("lock"), "--on-unlock", written.hook("unlock")]
    let locked = store.admin(["lock", "carol", "--reason", "abuse"] + flags)
    #expect(locked.status == 0, "\(locked.complaints)")
    #expect(locked.text.contains("Locked carol; on-lock done."))
    #expect(written.lines == ["carol lock"])
    // Locked already: decided, and the hook is not run again.
    #expect(store.admin(["lock", "carol"] + flags).status == 1)
    let unlocked = store.admin(["unlock", "carol"] + flags)
    #expect(unlocked.status == 0, "\(unlocked.complaints)")
    #expect(written.lines == ["carol lock", "carol unlock"])
    #expect(try store.service.signIn(login: "carol", password: "Zq7vLm2pR")?.login == "carol")
  }

  @Test(
    "a failing --on-lock: the store's lock stands, and the admin is told (exit 4)",
    arguments: AdminEngine.allCases)
  func lockHookFails(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "dave", password: "Zq7vLm2pR")
    let run = store.admin("lock", "dave", "--reason", "spam", "--on-lock", "false")
    #expect(run.status == 4)
    #expect(run.complaints.joined().contains("on-lock failed for dave"))
    #expect(run.complaints.joined().contains("the Unix user may still log in"))
    #expect(try store.service.account("dave")?.state == .locked)
    #expect(throws: AccountStoreError.accountLocked(reason: "spam")) {
      try store.service.signIn(login: "dave", password: "Zq7vLm2pR")
    }
  }

  @Test(
    "a failing --on-unlock: active in the store, the admin told the Unix user stays locked",
    arguments: AdminEngine.allCases)
  func unlockHookFails(engine: AdminEngine) throws {
    let store = try AdminStore(engine, review: false)
    _ = try store.service.createAccount(login: "erin", password: "Zq7vLm2pR")
    #expect(store.admin("lock", "erin").status == 0)
    let run = store.admin("unlock", "erin", "--on-unlock", "false")
    #expect(run.status == 4)
    #expect(run.complaints.joined().contains("on-unlock failed for erin"))
    #expect(run.complaints.joined().contains("the Unix user stays locked"))
    #expect(try store.service.account("erin")?.state == .active)
  }
}
