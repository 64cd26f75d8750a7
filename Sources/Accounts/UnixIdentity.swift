/// An account as a Unix user of every host (`register sync`): its login, its uid (its group
/// has the same number), its hash, and whether it is locked.
public struct UnixAccount: Hashable, Sendable {
  public let login: String
  public let uid: Int
  public let passwordHash: String
  public let locked: Bool

  public init(login: String, uid: Int, passwordHash: String, locked: Bool) {
    self.login = login
    self.uid = uid
    self.passwordHash = passwordHash
    self.locked = locked
  }
}

/// An active account's SSH key, for the hosts' copy of the keys.
public struct UnixKey: Hashable, Sendable {
  public let login: String
  public let type: String
  public let base64: String
  public let comment: String

  public init(login: String, type: String, base64: String, comment: String) {
    self.login = login
    self.type = type
    self.base64 = base64
    self.comment = comment
  }
}

/// A user or group that a host has of its own (in /etc/passwd or /etc/group): its name is
/// never a login, its id never an account's uid.
public struct LocalName: Hashable, Sendable {
  public enum Kind: String, Sendable { case user, group }

  public let kind: Kind
  public let name: String
  public let id: Int

  public init(kind: Kind, name: String, id: Int) {
    self.kind = kind
    self.name = name
    self.id = id
  }
}
