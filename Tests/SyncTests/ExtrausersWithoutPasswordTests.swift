import Accounts
import Testing

@testable import Sync

/// An account without a password (site `password = off`) reaches the hosts with `!` in
/// shadow, which no password matches: it logs in with its key only.
@Suite("Extrausers files: accounts without a password")
struct ExtrausersWithoutPasswordTests {
  @Test("`!` is written as the hash; locked, `!!`")
  func noPassword() {
    let files = ExtrausersFiles(
      accounts: [
        UnixAccount(login: "judy", uid: 20000, passwordHash: "!", locked: false),
        UnixAccount(login: "henry", uid: 20001, passwordHash: "!", locked: true),
      ],
      shell: "/bin/bash", local: [])
    #expect(files.shadow == "judy:!:::::::\nhenry:!!:::::::\n")
    #expect(files.written == 2 && files.skipped.isEmpty)
  }
}
