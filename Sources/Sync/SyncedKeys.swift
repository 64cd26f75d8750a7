import Accounts

#if canImport(Glibc)
  import Glibc
#endif

/// The hosts' copy of the active accounts' SSH keys, written by `register sync` beside the
/// extrausers files, so that `register keys` can answer sshd from it, without connecting,
/// while the follower says it is current (FollowerLock), and while the store is away. After
/// a first line (`header`), one key a line: the login, a tab, then the key as an
/// authorized_keys line (type, base64, comment); the lines in the byte order of the logins,
/// so that a login is found by bisection (SyncedKeysLookup), not by reading 100 MB. Public
/// keys only: the file is 0644 root:root.
public enum SyncedKeys {
  public static let fileName = "register-keys"
  /// Says the lines are in order; a copy without it (from before) is read whole.
  static let header = "# register-keys, by login\n"

  /// The file's text for `keys`; a key with anything a line cannot hold is left out. A
  /// login's keys keep their order.
  static func text(of keys: [UnixKey]) -> String {
    var text = header
    let sorted = keys.enumerated().sorted { left, right in
      left.element.login == right.element.login
        ? left.offset < right.offset
        : left.element.login.utf8.lexicographicallyPrecedes(right.element.login.utf8)
    }
    for key in sorted.map(\.element) {
      let fields = [key.login, key.type, key.base64, key.comment]
      guard fields.allSatisfy({ field in field.unicodeScalars.allSatisfy { $0.value >= 0x20 } }),
        ExtrausersFiles.isUnixName(key.login), !key.type.isEmpty, !key.base64.isEmpty,
        !(key.type + key.base64).contains(" ")
      else { continue }
      text += "\(key.login)\t\(key.type) \(key.base64)"
      text += key.comment.isEmpty ? "\n" : " \(key.comment)\n"
    }
    return text
  }

  /// The authorized_keys lines of exactly `login` in the copy in `folder`. Throws when
  /// there is no copy to trust (no sync has run; a folder or file others could have
  /// written: TrustedFile), so that the caller can tell none from no keys.
  public static func keys(of login: String, folder: String = ExtrausersFolder.defaultPath)
    throws(SyncError) -> [String]
  {
    guard let (descriptor, status) = TrustedFile.open(fileName, in: folder) else {
      throw .file(path: folder + "/" + fileName, errno: errno == 0 ? EACCES : errno)
    }
    defer { close(descriptor) }
    return try SyncedKeysLookup.lines(
      of: login, descriptor: descriptor, size: Int(status.st_size), path: folder + "/" + fileName)
  }
}
