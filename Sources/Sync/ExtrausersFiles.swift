import Accounts

/// The three files of Debian's `libnss-extrausers` for the store's accounts, as text: a
/// user and a group (of the same number) per account, its hash in shadow (`!` before it
/// while locked). An account this host cannot hold is left out, with its login in
/// `skipped`: a login that is no portable Unix name (a colon or a newline would make lines
/// of their own), one that is a local user or group here, or a uid one has.
public struct ExtrausersFiles: Equatable, Sendable {
  public var passwd = ""
  public var group = ""
  public var shadow = ""
  /// The accounts written.
  public var written = 0
  public var skipped: [String] = []

  public init(accounts: [UnixAccount], shell: String, local: [LocalName]) {
    let names = Set(local.map { $0.name.lowercased() })
    let ids = Set(local.map(\.id))
    for account in accounts {
      guard Self.isUnixName(account.login), Self.isHash(account.passwordHash),
        !names.contains(account.login.lowercased()), !ids.contains(account.uid)
      else {
        skipped.append(account.login)
        continue
      }
      let (login, uid) = (account.login, String(account.uid))
      passwd += "\(login):x:\(uid):\(uid)::\(UnixSettings.home(of: login)):\(shell)\n"
      group += "\(login):x:\(uid):\n"
      // No aging fields: the store, not the host, decides when a password is good.
      shadow += "\(login):\(account.locked ? "!" : "")\(account.passwordHash):::::::\n"
      written += 1
    }
  }

  /// What shadow-utils takes without `--badname`, widened to capitals and dots: a letter
  /// or `_` first, then letters, digits, `_`, `.`, `-`; at most 32 bytes (`LOGIN_NAME_MAX`
  /// of utmp).
  static func isUnixName(_ login: String) -> Bool {
    let bytes = Array(login.utf8)
    guard let first = bytes.first, bytes.count <= 32 else { return false }
    func letter(_ byte: UInt8) -> Bool {
      (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x5F
    }
    return letter(first)
      && bytes.allSatisfy { letter($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D }
  }

  /// A crypt(3) hash: printable ASCII with no colon.
  static func isHash(_ hash: String) -> Bool {
    !hash.isEmpty && hash.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != 0x3A }
  }
}
