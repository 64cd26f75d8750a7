/// What every host gives an account as a Unix user, from the site file: the range its uid
/// comes from (`uid-range`) and its shell (`shell`). The home is /home/LOGIN.
public struct UnixSettings: Hashable, Sendable {
  public static let defaultUIDRange = 20000...59999
  public static let defaultShell = "/bin/bash"
  /// Below are the system's own users (Debian: 0-999); above, `nobody` and the ids
  /// `(uid_t)-1` means.
  public static let possibleUIDs = 1000...2_147_483_646

  public var uidRange: ClosedRange<Int>
  public var shell: String

  public init(uidRange: ClosedRange<Int> = defaultUIDRange, shell: String = defaultShell) {
    self.uidRange = uidRange
    self.shell = shell
  }

  /// `LOW-HIGH` in decimal digits, within `possibleUIDs`; nil otherwise.
  public static func uidRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      parts.allSatisfy({ $0.count <= 10 }),
      let low = Int(parts[0]), let high = Int(parts[1]), low <= high,
      possibleUIDs.contains(low), possibleUIDs.contains(high)
    else { return nil }
    return low...high
  }

  /// An absolute path with nothing a passwd line cannot hold (a colon, a control).
  public static func isShell(_ text: String) -> Bool {
    text.hasPrefix("/") && text.utf8.count <= 256
      && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0 != ":" }
  }

  /// The home of `login`.
  public static func home(of login: String) -> String { "/home/" + login }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
