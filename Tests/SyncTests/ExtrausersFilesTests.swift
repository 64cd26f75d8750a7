import Accounts
import Testing

@testable import Sync

@Suite("Extrausers files")
struct ExtrausersFilesTests {
  let hash = "$y$j9T$abcdefghijklmnop$0123456789abcdefghijklmnopqrstuvwxyzABCDE"

  @Test("an account is a user, a group of the same number and a shadow line; locked has `!`")
  func lines() {
    let files = ExtrausersFiles(
      accounts: [
        UnixAccount(login: "judy", uid: 20000, passwordHash: hash, locked: false),
        UnixAccount(login: "henry", uid: 20001, passwordHash: hash, locked: true),
      ],
      shell: "/bin/zsh", local: [])
    #expect(
      files.passwd
        == "judy:x:20000:20000::/home/judy:/bin/zsh\nhenry:x:20001:20001::/home/henry:/bin/zsh\n")
    #expect(files.group == "judy:x:20000:\nhenry:x:20001:\n")
    #expect(files.shadow == "judy:\(hash):::::::\nhenry:!\(hash):::::::\n")
    #expect(files.written == 2 && files.skipped.isEmpty)
  }

  @Test(
    "a login that would break a line, or is no Unix name, is left out",
    arguments: [
      "ev:il", "new\nline", "with space", "ünï", "-dash", "1digit",
      String(repeating: "a", count: 33),
    ])
  func badNames(login: String) {
    let files = ExtrausersFiles(
      accounts: [UnixAccount(login: login, uid: 20000, passwordHash: hash, locked: false)],
      shell: "/bin/bash", local: [])
    #expect(files.passwd.isEmpty && files.shadow.isEmpty && files.group.isEmpty)
    #expect(files.skipped == [login])
  }

  @Test("a hash with a colon or a newline is left out, not written as fields")
  func badHash() {
    let files = ExtrausersFiles(
      accounts: [
        UnixAccount(login: "judy", uid: 20000, passwordHash: "x:0:0\nroot", locked: false)
      ],
      shell: "/bin/bash", local: [])
    #expect(files.shadow.isEmpty)
    #expect(files.skipped == ["judy"])
  }

  @Test("a login that is a local user or group here, or a uid one has, is left out")
  func localNames() {
    let local = [
      LocalName(kind: .user, name: "henry", id: 1000),
      LocalName(kind: .group, name: "staff", id: 20005),
    ]
    let files = ExtrausersFiles(
      accounts: [
        UnixAccount(login: "Henry", uid: 20001, passwordHash: hash, locked: false),
        UnixAccount(login: "staff", uid: 20002, passwordHash: hash, locked: false),
        UnixAccount(login: "olga", uid: 20005, passwordHash: hash, locked: false),
        UnixAccount(login: "judy", uid: 20003, passwordHash: hash, locked: false),
      ],
      shell: "/bin/bash", local: local)
    #expect(files.skipped == ["Henry", "staff", "olga"])
    #expect(files.passwd == "judy:x:20003:20003::/home/judy:/bin/bash\n")
  }

  @Test("local names: users and groups from the files, comments and NIS lines left out")
  func parsing() {
    let text =
      "root:x:0:0:root:/root:/bin/bash\n# comment\n+nis::::::\nbroken\n"
      + "bob:x:1000:1000::/home/bob:/bin/sh\n"
    #expect(
      LocalNames.parse(text, kind: .user) == [
        LocalName(kind: .user, name: "root", id: 0), LocalName(kind: .user, name: "bob", id: 1000),
      ])
  }

  @Test("uid-range and shell as the site file gives them")
  func settings() {
    #expect(UnixSettings.uidRange("20000-59999") == 20000...59999)
    #expect(UnixSettings.uidRange("30000-30000") == 30000...30000)
    for bad in [
      "", "20000", "59999-20000", "0-100", "20000-", "-1-5", "2 0-30", "1000-99999999999",
    ] {
      #expect(UnixSettings.uidRange(bad) == nil, "\(bad)")
    }
    #expect(UnixSettings.isShell("/bin/bash"))
    #expect(!UnixSettings.isShell("bash"))
    #expect(!UnixSettings.isShell("/bin/ba:sh"))
    #expect(!UnixSettings.isShell("/bin/bash\n"))
  }

  @Test("the keys' copy: one line a key, by login; a key with a newline left out")
  func keysText() {
    let text = SyncedKeys.text(of: [
      UnixKey(login: "judy", type: "ssh-ed25519", base64: "AAAA1", comment: "judy@laptop"),
      UnixKey(login: "judy", type: "ssh-ed25519", base64: "AAAA2", comment: ""),
      UnixKey(login: "henry", type: "ssh-ed25519", base64: "AAAA3", comment: "x\nssh-ed25519 EVIL"),
    ])
    #expect(
      text
        == "# register-keys, by login\njudy\tssh-ed25519 AAAA1 judy@laptop\njudy\tssh-ed25519 AAAA2\n"
    )
  }
}
