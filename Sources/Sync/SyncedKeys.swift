import Accounts

/// The hosts' copy of the active accounts' SSH keys, written by `register sync` beside the
/// extrausers files, so that `register keys` can answer sshd while the store is away. One
/// key a line: the login, a tab, then the key as an authorized_keys line (type, base64,
/// comment). Public keys only: the file is 0644 root:root.
public enum SyncedKeys {
  public static let fileName = "register-keys"

  /// The file's text for `keys`; a key with anything a line cannot hold is left out.
  static func text(of keys: [UnixKey]) -> String {
    var text = ""
    for key in keys {
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
  /// there is no copy (no sync has run), so that the caller can tell none from no keys.
  public static func keys(of login: String, folder: String = ExtrausersFolder.defaultPath)
    throws(SyncError) -> [String]
  {
    let text = try TextFile.read(folder + "/" + fileName)
    return text.split(separator: "\n").compactMap { line in
      guard let tab = line.firstIndex(of: "\t"), line[..<tab] == login else { return nil }
      return String(line[line.index(after: tab)...])
    }
  }
}
