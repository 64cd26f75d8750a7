import Foundation
import TestSupport
import Testing

/// `deploy/ssh/register-userlock` run as root with the real usermod in the scratch system
/// of `UserAddWrapperTests` (a private mount namespace: the host is not touched). A login
/// refused is hard to try there, so the test reads what PAM reads: the `!` before the hash
/// (the password) and the expiry field of /etc/shadow (every way in, keys too).
@Suite("register-userlock, with the real usermod in a scratch system", .serialized)
struct UserLockWrapperTests {
  static let wrapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/ssh/register-userlock").path
  static let hash = UserAddWrapperTests.hash
  /// A user as register-useradd makes it, with the hash; the commands list starts after.
  static let made =
    "useradd -m -- newbie; echo 'newbie:\(hash)' | chpasswd -e; : >$d/commands"

  private func run(_ login: String, arguments: [String], before: String = Self.made) throws
    -> UserAddWrapperTests.Run
  {
    try UserAddWrapperTests().run(
      login, arguments: arguments, before: before, wrapper: Self.wrapper)
  }

  /// The fields of `login`'s line in /etc/shadow.
  private func shadow(_ run: UserAddWrapperTests.Run, _ login: String = "newbie") -> [String]? {
    run.shadowEntry(login)?.split(separator: ":", omittingEmptySubsequences: false)
      .map(String.init)
  }

  @Test("--lock: the password is locked and the user expired; the hash is kept")
  func locked() throws {
    let run = try run("newbie", arguments: ["--lock"])
    #expect(run.status == 0, "\(run.output)")
    let fields = try #require(shadow(run))
    #expect(fields[1] == "!" + Self.hash)
    #expect(fields[7] == "1", "expired on 2 January 1970: PAM refuses keys too")
    #expect(run.commands == ["usermod -L -e 1 -- newbie"])
  }

  @Test("--unlock after --lock: the password and the account as before")
  func unlocked() throws {
    let run = try run(
      "newbie", arguments: ["--unlock"],
      before: "useradd -m -- newbie; echo 'newbie:\(Self.hash)' | chpasswd -e\n"
        + "usermod -L -e 1 -- newbie; : >$d/commands")
    #expect(run.status == 0, "\(run.output)")
    let fields = try #require(shadow(run))
    #expect(fields[1] == Self.hash)
    #expect(fields[7] == "", "no expiry")
    #expect(run.commands == ["usermod -U -e  -- newbie"])
  }

  @Test("no such user: nothing to change, and not an error")
  func absent() throws {
    let run = try run("nobodyhere", arguments: ["--lock"], before: "")
    #expect(run.status == 0)
    #expect(run.output.contains("nothing to change"))
    #expect(run.ran("usermod") == 0)
  }

  @Test(
    "system users, privileged users, odd names, anything but --lock or --unlock: refused",
    arguments: [
      ("daemon", ["--lock"], ""), ("sysuser", ["--lock"], "useradd -r -- sysuser"),
      ("boss", ["--lock"], "useradd -m -G sudo -- boss"), ("-r", ["--lock"], ""),
      ("Root", ["--unlock"], ""), ("newbie", [], UserLockWrapperTests.made),
      ("newbie", ["--lock", "-f"], UserLockWrapperTests.made),
      ("newbie", ["-L"], UserLockWrapperTests.made),
      ("newbie", ["--lock", "--unlock"], UserLockWrapperTests.made),
    ])
  func refused(login: String, arguments: [String], before: String) throws {
    let run = try run(
      login, arguments: arguments, before: before.isEmpty ? "" : before + "; : >$d/commands")
    #expect(run.status == 2, "\(run.output)")
    #expect(run.ran("usermod") == 0)
    if !before.isEmpty {
      let fields = try #require(shadow(run, login))
      #expect(fields[7] == "", "not expired")
      if login == "newbie" { #expect(fields[1] == Self.hash, "not locked") }
    }
  }

  @Test("/etc/passwd locked by another useradd for a moment: tried again, and locked")
  func lockedForAMoment() throws {
    // As UserAddWrapperTests: the lock file names a live process; it goes after 1 s.
    let run = try run(
      "newbie", arguments: ["--lock"],
      before: Self.made + """

        sleep 60 & printf %s $! >/etc/passwd.lock; echo $! >$d/background
        (sleep 1; rm -f /etc/passwd.lock) &
        """)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.ran("usermod") > 1)
    #expect(shadow(run)?[1] == "!" + Self.hash)
  }
}
