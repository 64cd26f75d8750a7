import Registration

/// A login policy for view-model tests, with no ICU: case is ignored, a few digits and
/// Cyrillic letters look like Latin ones, and three rules refuse a login. The real
/// policy is tested in PolicyTests.
public struct FakeLoginPolicy: LoginPolicy {
  public var rule: LoginRule
  /// Reserved names, compared by identity and skeleton.
  public var reserved: Set<String>
  /// Names of system users and groups, compared by identity.
  public var systemNames: Set<String>

  public init(
    rule: LoginRule = .unicode, reserved: Set<String> = [], systemNames: Set<String> = []
  ) {
    self.rule = rule
    self.reserved = reserved
    self.systemNames = systemNames
  }

  public func normalized(_ login: String) -> String { login }

  public func identityKey(_ login: String) -> String { login.lowercased() }

  /// The fake's own few lookalikes, enough to tell a skeleton from an identity.
  public func skeleton(_ login: String) -> String {
    let lookalikes: [Character: Character] = ["0": "o", "1": "l", "о": "o", "а": "a", "е": "e"]
    return String(identityKey(login).map { lookalikes[$0] ?? $0 })
  }

  public func validate(_ login: String) -> LoginProblem? {
    if login.contains(" ") { return .space }
    if login.contains("@") { return .notAllowed("@") }
    if login.count > 32 { return .tooLong(limit: 32) }
    return nil
  }

  public func reservation(of login: String) -> LoginReservation? {
    if reserved.contains(where: {
      identityKey($0) == identityKey(login) || skeleton($0) == skeleton(login)
    }) {
      return .reserved
    }
    return systemNames.contains(identityKey(login)) ? .systemName : nil
  }
}
