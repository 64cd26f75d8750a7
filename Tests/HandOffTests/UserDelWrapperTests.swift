import Foundation
import TestSupport
import Testing

/// `deploy/ssh/register-userdel` run as root with the real userdel in the scratch system
/// of `UserAddWrapperTests` (a private mount namespace: the host is not touched).
@Suite("register-userdel, with the real userdel in a scratch system", .serialized)
struct UserDelWrapperTests {
  static let wrapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/ssh/register-userdel").path

  private func run(_ login: String, arguments: [String] = [], before: String = "") throws
    -> UserAddWrapperTests.Run
  {
    try UserAddWrapperTests().run(
      login, arguments: arguments, before: before, wrapper: Self.wrapper)
  }

  @Test("the user, its home and its group are removed")
  func removed() throws {
    let run = try run("newbie", before: "useradd -m -- newbie; : >$d/commands")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.user("newbie") == nil && !run.hasGroup("newbie"))
    #expect(run.homes.isEmpty)
    #expect(run.commands.contains("userdel -r -- newbie"))
  }

  @Test("no such user: nothing to remove, and not an error")
  func absent() throws {
    let run = try run("nobodyhere")
    #expect(run.status == 0)
    #expect(run.output.contains("nothing to remove"))
    #expect(run.ran("userdel") == 0)
  }

  @Test(
    "system users, privileged users, odd names and any argument are refused; nothing is run",
    arguments: [
      ("daemon", [String](), ""), ("sysuser", [], "useradd -r -- sysuser; : >$d/commands"),
      ("boss", [], "useradd -m -G sudo -- boss; : >$d/commands"), ("-r", [], ""),
      ("Root", [], ""), ("newbie", ["-f"], "useradd -m -- newbie; : >$d/commands"),
    ])
  func refused(login: String, arguments: [String], before: String) throws {
    let run = try run(login, arguments: arguments, before: before)
    #expect(run.status == 2, "\(run.output)")
    #expect(run.ran("userdel") == 0)
    if !before.isEmpty { #expect(run.user(login) != nil) }
  }
}
