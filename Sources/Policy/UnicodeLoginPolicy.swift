import Registration
import Synchronization

/// What a login may be, over the system's ICU: NFC for storage, NFKC case folding for
/// identity, UTS #39 for lookalikes and mixed scripts; reserved names; and with
/// `unixNames`, Debian's user-name rule and the system's users and groups.
public final class UnicodeLoginPolicy: LoginPolicy {
  public let rule: LoginRule
  private let reserved: NameKeys
  private let systemNames: NameKeys?
  /// The keys last worked out: one lookup asks for them twice (reserved names, then the
  /// store).
  private let lastKeys = Mutex<(login: String, identity: String, skeleton: String)?>(nil)

  public init(reserved: ReservedNames = ReservedNames(), unixNames: Bool = false) {
    rule = unixNames ? .unixNames : .unicode
    self.reserved = NameKeys { reserved.names }
    systemNames = unixNames ? NameKeys { SystemNames.all() } : nil
  }

  public func normalized(_ login: String) -> String { ICU.nfc(login) }

  /// NFKC_Casefold (which gives the same for a login and its NFC form).
  public func identityKey(_ login: String) -> String { keys(of: login).identity }

  /// The skeleton of the case fold of the skeleton. The outer pair ignores case (`Rооt`
  /// with Cyrillic о is `root`); the first skeleton comes before case is folded, so a
  /// capital I still looks like a small l (`Ian` is `lan`).
  public func skeleton(_ login: String) -> String { keys(of: login).skeleton }

  private func keys(of login: String) -> (identity: String, skeleton: String) {
    if let last = lastKeys.withLock({ $0 }), last.login.utf8.elementsEqual(login.utf8) {
      return (last.identity, last.skeleton)
    }
    let keys = (identity: ICU.nfkcCasefold(login), skeleton: ICU.caselessSkeleton(login))
    lastKeys.withLock { $0 = (login, keys.identity, keys.skeleton) }
    return keys
  }

  public func validate(_ login: String) -> LoginProblem? {
    let login = ICU.nfc(login)
    if let problem = LoginCharacters.forbidden(in: login) { return problem }
    switch rule {
    case .unicode: return LoginCharacters.unicodeProblem(in: login)
    case .unixNames: return LoginCharacters.unixProblem(in: login)
    }
  }

  public func reservation(of login: String) -> LoginReservation? {
    let identity = identityKey(login)
    let skeleton = skeleton(login)
    if reserved.matches(identity: identity, skeleton: skeleton, policy: self) { return .reserved }
    if let systemNames {
      if systemNames.matches(identity: identity, skeleton: skeleton, policy: self)
        || SystemNames.exists(identity)
      {
        return .systemName
      }
    }
    return nil
  }
}

/// The identity keys and skeletons of a list of names, worked out the first time they
/// are needed (off the interface thread: the first lookup), not at start-up.
private final class NameKeys: Sendable {
  private let names: @Sendable () -> [String]
  private let keys = Mutex<(identities: Set<String>, skeletons: Set<String>)?>(nil)

  init(_ names: @escaping @Sendable () -> [String]) {
    self.names = names
  }

  func matches(identity: String, skeleton: String, policy: UnicodeLoginPolicy) -> Bool {
    keys.withLock { keys in
      if keys == nil {
        let names = names()
        keys = (
          Set(names.map { ICU.nfkcCasefold($0) }), Set(names.map { ICU.caselessSkeleton($0) })
        )
      }
      return keys!.identities.contains(identity) || keys!.skeletons.contains(skeleton)
    }
  }
}
